import type { ServerFrame, UserDto } from '@app/contracts';
import { hasSendLimits, ModerationErrorCode } from '@app/contracts/browser';
import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../../app/store';
import { joinSent, selectSocketRoomId, selectSocketStatus, sendSocketFrame, socketFrameReceived, socketStatusChanged } from '../../../lib/socket';
import { muteStarted } from '../../moderation/api/reports-api';
import { chatApi } from '../api/chat-api';
import { cooldownStarted, rateLimited } from '../chat-slice';
import { DEFAULT_WAIT_SECONDS } from '../copy';
import { Outbox } from './outbox';
import { openOutboxStore, type OutboxEntry, type OutboxStore } from './outbox-store';

interface Bound {
  outbox: Outbox;
  me: UserDto;
  unsubscribe: () => void;
}

/** One outbox per store and account: the chat screens share it, a different account gets its own. */
const bound = new WeakMap<AppStore, Bound>();

const NO_ENTRIES: OutboxEntry[] = [];

/**
 * The outbox of the person signed in, tied to the store: socket frames settle or refuse its
 * entries, the join of a room sends what waits for it, and a refusal has the effects a refused
 * send always had (the Rate Limit dialog and countdown, the composer read-only while muted).
 */
export function outboxFor(store: AppStore, me: UserDto, openStore: () => OutboxStore = openOutboxStore): Outbox {
  const existing = bound.get(store);
  if (existing && existing.outbox.userId === me.id) {
    existing.me = me;
    return existing.outbox;
  }
  if (existing) {
    existing.unsubscribe();
    existing.outbox.dispose();
  }

  /** The room whose join this socket has answered with its history, while the socket stays online. */
  let joined: number | null = null;
  const initial = store.getState();
  const socketRoom = selectSocketRoomId(initial);
  if (selectSocketStatus(initial) === 'online' && socketRoom !== null && chatApi.endpoints.getRoomFeed.select(socketRoom)(initial).data?.joined) {
    joined = socketRoom;
  }
  const isLive = (roomId: number) => {
    const state = store.getState();
    return joined === roomId && selectSocketStatus(state) === 'online' && selectSocketRoomId(state) === roomId;
  };

  const outbox = new Outbox({
    userId: me.id,
    store: openStore(),
    send: (frame) => store.dispatch(sendSocketFrame(frame)),
    isLive,
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined,
  });
  const binding: Bound = { outbox, me, unsubscribe: () => undefined };

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'room_messages':
        outbox.settle(frame.messages);
        if (selectSocketRoomId(store.getState()) === frame.roomId) {
          joined = frame.roomId;
          void outbox.flush(frame.roomId);
        }
        return;
      case 'new_message':
        outbox.settle([frame.message]);
        return;
      case 'message_ack':
        if (outbox.settle([frame.message]).length) startCooldown(store, binding.me, frame.message.roomId);
        return;
      case 'room_left':
        joined = null;
        outbox.connectionLost();
        return;
      case 'error': {
        const failed = outbox.refuse(frame);
        if (failed) refused(store, failed.roomId, frame);
        return;
      }
      default:
        return;
    }
  };

  binding.unsubscribe = store.dispatch(
    addListener({
      predicate: (action: UnknownAction) => socketFrameReceived.match(action) || socketStatusChanged.match(action) || joinSent.match(action),
      effect: (action, api) => {
        // The listener middleware is shared by every store made from the app's modules (tests make many).
        if (api.getState !== store.getState) return;
        if (socketFrameReceived.match(action)) return onFrame(action.payload);
        if (joinSent.match(action) || (socketStatusChanged.match(action) && action.payload.status !== 'online')) {
          joined = null;
          outbox.connectionLost();
        }
      },
    }),
  );
  bound.set(store, binding);
  return outbox;
}

/** A send stored: a regular member of a public room waits the room's cooldown before the next. */
function startCooldown(store: AppStore, me: UserDto, roomId: number) {
  const state = store.getState();
  const room = chatApi.endpoints.getRoomFeed.select(roomId)(state).data?.room ?? chatApi.endpoints.getRoom.select(roomId)(state).data;
  if (room && hasSendLimits(me.role, room.type) && room.messageCooldown > 0) {
    store.dispatch(cooldownStarted({ roomId, until: Date.now() + room.messageCooldown * 1000 }));
  }
}

function refused(store: AppStore, roomId: number, frame: Extract<ServerFrame, { type: 'error' }>) {
  if (typeof frame.error === 'string' && frame.error.startsWith('rate_limit')) {
    const waitTime = Number(frame.waitTime);
    store.dispatch(
      rateLimited({
        roomId,
        code: frame.error,
        message: frame.message,
        waitSeconds: waitTime > 0 ? Math.ceil(waitTime / 1000) : DEFAULT_WAIT_SECONDS,
        at: Date.now(),
      }),
    );
  } else if (frame.code === ModerationErrorCode.Muted && typeof frame.mutedUntil === 'string') {
    store.dispatch(muteStarted(frame.mutedUntil));
  }
}

/** The outbox of the person signed in, made the first time a chat screen asks. */
export function useOutbox(me: UserDto): Outbox {
  return outboxFor(useStore() as AppStore, me);
}

/** A room's messages on their way, in the order they were typed. */
export function useOutgoing(outbox: Outbox, roomId: number): OutboxEntry[] {
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.entriesFor(roomId),
    () => NO_ENTRIES,
  );
}
