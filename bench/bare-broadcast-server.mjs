// The baseline: a bare `ws` server that speaks the same frames as /ws (auth, join_room,
// send_message in; auth_success, room_joined, new_message, message_ack out) and broadcasts
// each message to its room from memory. No sessions, storage, limits, presence or NATS: what
// the real path costs on top of this is the price of those.
// Usage: node bench/bare-broadcast-server.mjs <port>   (prints "listening <port>" when ready)
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const rooms = new Map();
let nextMessageId = 0;

const server = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: 16 * 1024 });

server.on('connection', (socket) => {
  socket.user = null;
  socket.room = null;
  socket.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (frame.type === 'auth') {
      socket.user = { id: Number(frame.userId), username: `member${frame.userId}`, avatar: null, role: 'vip' };
      socket.send(JSON.stringify({ type: 'auth_success', user: socket.user }));
    } else if (frame.type === 'join_room') {
      socket.room?.sockets.delete(socket);
      let room = rooms.get(frame.roomId);
      if (!room) rooms.set(frame.roomId, (room = { id: frame.roomId, seq: 0, sockets: new Set() }));
      room.sockets.add(socket);
      socket.room = room;
      socket.send(JSON.stringify({ type: 'room_joined', room: { id: room.id, lastSeq: room.seq } }));
    } else if (frame.type === 'send_message' && socket.room && socket.user) {
      const room = socket.room;
      const message = {
        id: ++nextMessageId,
        roomId: room.id,
        seq: ++room.seq,
        content: String(frame.content),
        type: 'text',
        formatting: null,
        metadata: null,
        senderId: socket.user.id,
        sender: socket.user,
        clientId: frame.clientId ?? null,
        createdAt: new Date().toISOString(),
      };
      const raw = JSON.stringify({ type: 'new_message', roomId: room.id, message });
      for (const member of room.sockets) member.send(raw);
      socket.send(JSON.stringify({ type: 'message_ack', clientId: message.clientId, message }));
    }
  });
  socket.on('close', () => socket.room?.sockets.delete(socket));
});

server.on('listening', () => console.log(`listening ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
