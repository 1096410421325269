import { Injectable } from '@nestjs/common';
import { fieldMessage, type EndSessionRequestDto, type ListSessionsRequestDto, type SessionInfoDto } from '@app/contracts';
import { RpcErrors, rpcError } from '@app/server';
import { UsersService } from '../users/users.service';
import { EndSessionLinks } from './end-session-links';
import { sessionIdOf, SessionStore, type LiveSession } from './session.store';

/**
 * A person's own sessions: listed with where and how each was opened, ended one at a time or all
 * but the one asking. Ending one tells every gateway, which closes its sockets at once.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
    private readonly links: EndSessionLinks,
  ) {}

  async list(dto: ListSessionsRequestDto): Promise<SessionInfoDto[]> {
    const live = await this.sessions.liveSessionsOf(dto.userId);
    return live
      .map((entry) => toInfo(entry, entry.tokenHash === dto.sessionKey))
      .sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt));
  }

  async end(dto: EndSessionRequestDto): Promise<{ ok: true }> {
    const target = (await this.sessions.liveSessionsOf(dto.userId)).find((entry) => sessionIdOf(entry.tokenHash) === dto.sessionId);
    // Another person's session is not found among this person's: it answers exactly like one that never was.
    if (!target) throw RpcErrors.notFound(fieldMessage('session_not_found'));
    if (target.tokenHash === dto.sessionKey) throw rpcError(409, 'current_session', fieldMessage('session_current'));
    await this.endOne(dto.userId, target.tokenHash);
    return { ok: true };
  }

  async endOthers(dto: ListSessionsRequestDto): Promise<{ ended: number }> {
    const others = (await this.sessions.liveSessionsOf(dto.userId)).filter((entry) => entry.tokenHash !== dto.sessionKey);
    for (const { tokenHash } of others) await this.endOne(dto.userId, tokenHash);
    return { ended: others.length };
  }

  /** The link of a new-device mail: works without a session, ends only the session it names. */
  async endByLink(token: string): Promise<{ ended: boolean }> {
    const { userId, sessionId } = await this.links.redeem(token);
    const target = (await this.sessions.liveSessionsOf(userId)).find((entry) => sessionIdOf(entry.tokenHash) === sessionId);
    if (!target) return { ended: false };
    return { ended: await this.endOne(userId, target.tokenHash) };
  }

  private async endOne(userId: number, tokenHash: string): Promise<boolean> {
    const ended = await this.sessions.destroyByHash(userId, tokenHash);
    await this.users.invalidateSessions({ userId, tokenHash });
    return ended;
  }
}

function toInfo({ tokenHash, session }: LiveSession, current: boolean): SessionInfoDto {
  return {
    id: sessionIdOf(tokenHash),
    browser: session.device?.browser ?? null,
    os: session.device?.os ?? null,
    deviceType: session.device?.type ?? null,
    countryCode: session.countryCode ?? null,
    signedInWith: session.signedInWith ?? 'password',
    createdAt: session.createdAt,
    lastActiveAt: session.lastActiveAt ?? session.createdAt,
    current,
  };
}
