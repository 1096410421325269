import type { FieldCode, ServerFrame, UserDto } from '@app/contracts';
import { hasSendLimits, ModerationErrorCode } from '@app/contracts/browser';
import { addListener } from '@reduxjs/toolkit';
import { useSyncExternalStore } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { AppStore, RootState } from '@/app/store';
import { selectSocketStatus, sendSocketFrame, socketFrameReceived } from '@/lib/socket';
import { muteStarted } from '@/features/moderation/api/reports-api';
import { chatApi } from '../api/chat-api';
import { cooldownStarted, rateLimited } from '../chat-slice';
import { DEFAULT_WAIT_SECONDS } from '../chat-copy';
import { Outbox } from './outbox';
import { openOutboxStore, type OutboxEntry, type OutboxStore } from './outbox-store';

interface Bound {
  outbox: Outbox;
  me: UserDto;
  unsubscribe: () => void;
}

/** What the outbox needs of the store. */
export type OutboxStoreAccess = Pick<AppStore, 'dispatch' | 'getState'>;

/** One outbox per store (known by its getState) and account: the chat screens share it, another account gets its own. */
const bound = new WeakMap<() => RootState, Bound>();

const NO_ENTRIES: OutboxEntry[] = [];

/**
 * The outbox of the person signed in, tied to the store: socket frames settle or refuse its
 * entries, the join of a room sends what waits for it, and a refusal has the effects a refused
 * send always had (the Rate Limit dialog and countdown, the composer read-only while muted).
 */
export function outboxFor(store: OutboxStoreAccess, me: UserDto, openStore: () => OutboxStore = openOutboxStore): Outbox {
  const existing = bound.get(store.getState);
  if (existing && existing.outbox.userId === me.id) {
    existing.me = me;
    return existing.outbox;
  }
  if (existing) {
    existing.unsubscribe();
    existing.outbox.dispose();
  }

  // Made as a chat screen first renders, before it asks to join its room: the join is heard here.
  /** The room whose join the socket answered with its history, while the socket stays online. */
  let joined: number | null = null;
  const isLive = (roomId: number) => joined === roomId && selectSocketStatus(store.getState()) === 'online';

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
      case 'room_joined':
        // A socket is in one room at a time: joining another leaves this one.
        if (joined !== frame.room.id) joined = null;
        return;
      case 'room_messages':
        outbox.settle(frame.messages);
        joined = frame.roomId;
        void outbox.flush(frame.roomId);
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
    addListener.withTypes<RootState>()({
      predicate: (action, current, previous) =>
        socketFrameReceived.match(action) || selectSocketStatus(current) !== selectSocketStatus(previous),
      effect: (action, api) => {
        // The listener middleware is shared by every store made from the app's modules (tests make many).
        if (api.getState !== store.getState) return;
        if (socketFrameReceived.match(action)) return onFrame(action.payload);
        if (selectSocketStatus(store.getState()) !== 'online') {
          joined = null;
          outbox.connectionLost();
        }
      },
    }),
  );
  bound.set(store.getState, binding);
  return outbox;
}

/** A send stored: a regular member of a public room waits the room's cooldown before the next. */
function startCooldown(store: OutboxStoreAccess, me: UserDto, roomId: number) {
  const state = store.getState();
  const room = chatApi.endpoints.getRoomFeed.select(roomId)(state).data?.room ?? chatApi.endpoints.getRoom.select(roomId)(state).data;
  if (room && hasSendLimits(me.role, room.type) && room.messageCooldown > 0) {
    store.dispatch(cooldownStarted({ roomId, until: Date.now() + room.messageCooldown * 1000 }));
  }
}

function refused(store: OutboxStoreAccess, roomId: number, frame: Extract<ServerFrame, { type: 'error' }>) {
  if (typeof frame.error === 'string' && frame.error.startsWith('rate_limit')) {
    const waitTime = Number(frame.waitTime);
    store.dispatch(
      rateLimited({
        roomId,
        code: frame.error,
        messageCode: (frame.messageCode as FieldCode | undefined)?.code,
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
  const dispatch = useAppDispatch();
  // The store's getState as a thunk receives it: nothing more of the store is asked of the app's first chunk.
  const getState = dispatch((_dispatch, get: () => RootState) => get);
  return outboxFor({ dispatch, getState }, me);
}

/** A room's messages on their way, in the order they were typed. */
export function useOutgoing(outbox: Outbox, roomId: number): OutboxEntry[] {
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.entriesFor(roomId),
    () => NO_ENTRIES,
  );
}
