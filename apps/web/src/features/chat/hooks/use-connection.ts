import { useAppSelector } from '@/app/hooks';
import { selectSocketAttempt, selectSocketRefusal, selectSocketStatus, type SocketStatus } from '@/lib/socket';
import { CHAT_TEXT } from '../chat-copy';

export interface Connection {
  status: SocketStatus;
  online: boolean;
  /** What every part of the room says about the reader's connection, in the same words. */
  label: string;
}

/** The reader's own connection: the header, the composer and the online count all read it here. */
export function useConnection(): Connection {
  const status = useAppSelector(selectSocketStatus);
  const attempt = useAppSelector(selectSocketAttempt);
  const refusal = useAppSelector(selectSocketRefusal);
  return { status, online: status === 'online', label: refusal ?? connectionLabel(status, attempt) };
}

export function connectionLabel(status: SocketStatus, attempt: number): string {
  if (status === 'online') return CHAT_TEXT.online;
  if (status === 'offline') return CHAT_TEXT.offline;
  return attempt > 0 ? CHAT_TEXT.reconnecting(attempt) : CHAT_TEXT.connecting;
}
