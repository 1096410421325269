// The peer an operator would otherwise build: Socket.IO with @socket.io/redis-adapter (so that
// it could run on several machines), each message stored in PostgreSQL with its room's next
// sequence number in one transaction before it is broadcast. It takes the frames of /ws
// (auth, join_room, send_message; answers auth_success, room_joined, new_message,
// message_ack) as the payload of one Socket.IO event, "frame". No sessions, validation,
// limits or presence: what the chat system costs on top of this is the price of those.
// Usage: node bench/socketio-peer-server.mjs <port> <redis url> <postgres url of its database>
//   (prints "listening <port>" when ready)
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import pg from 'pg';
import { Server } from 'socket.io';

const [port, redisUrl, databaseUrl] = [Number(process.argv[2]), process.argv[3], process.argv[4]];

const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await db.query(`
  CREATE TABLE IF NOT EXISTS rooms (id integer PRIMARY KEY, last_seq integer NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS messages (
    id bigserial PRIMARY KEY,
    room_id integer NOT NULL REFERENCES rooms (id),
    seq integer NOT NULL,
    sender_id integer NOT NULL,
    content text NOT NULL,
    client_id text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (room_id, seq)
  );`);

const pub = new Redis(redisUrl);
const sub = pub.duplicate();
const io = new Server({ transports: ['websocket'], maxHttpBufferSize: 16 * 1024, adapter: createAdapter(pub, sub) });

/** Per room: the newest sequence broadcast, and stored messages waiting for the ones before them. */
const rooms = new Map();

async function store(roomId, senderId, content, clientId) {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows: [room] } = await client.query('UPDATE rooms SET last_seq = last_seq + 1 WHERE id = $1 RETURNING last_seq', [roomId]);
    const { rows: [row] } = await client.query(
      'INSERT INTO messages (room_id, seq, sender_id, content, client_id) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at',
      [roomId, room.last_seq, senderId, content, clientId],
    );
    await client.query('COMMIT');
    return { id: Number(row.id), seq: room.last_seq, createdAt: row.created_at.toISOString() };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Transactions run side by side; their broadcasts leave in sequence order. */
function broadcastInOrder(room, message) {
  room.waiting.set(message.seq, message);
  for (let next = room.waiting.get(room.broadcast + 1); next; next = room.waiting.get(room.broadcast + 1)) {
    room.waiting.delete(next.seq);
    room.broadcast = next.seq;
    io.to(`room:${room.id}`).emit('frame', { type: 'new_message', roomId: room.id, message: next });
  }
}

io.on('connection', (socket) => {
  let user = null;
  let room = null;
  const answer = (frame) => socket.emit('frame', frame);
  socket.on('frame', async (frame) => {
    if (frame?.type === 'auth') {
      user = { id: Number(frame.userId), username: `member${frame.userId}`, avatar: null, role: 'vip' };
      answer({ type: 'auth_success', user });
    } else if (frame?.type === 'join_room' && user) {
      const id = Number(frame.roomId);
      if (room) socket.leave(`room:${room.id}`);
      const { rows: [row] } = await db.query(
        'INSERT INTO rooms (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING last_seq',
        [id],
      );
      if (!rooms.has(id)) rooms.set(id, { id, broadcast: row.last_seq, waiting: new Map() });
      room = rooms.get(id);
      socket.join(`room:${id}`);
      answer({ type: 'room_joined', room: { id, lastSeq: row.last_seq } });
    } else if (frame?.type === 'send_message' && room && user) {
      const content = String(frame.content);
      const clientId = frame.clientId ?? null;
      const stored = await store(room.id, user.id, content, clientId);
      const message = { ...stored, roomId: room.id, content, type: 'text', formatting: null, metadata: null, senderId: user.id, sender: user, clientId };
      broadcastInOrder(room, message);
      answer({ type: 'message_ack', clientId, message });
    }
  });
});

const http = createServer();
io.attach(http);
http.listen(port, '127.0.0.1', () => console.log(`listening ${port}`));
process.on('SIGTERM', () => {
  io.close(() => void Promise.all([db.end(), pub.quit(), sub.quit()]).finally(() => process.exit(0)));
});
