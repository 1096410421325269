import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  type HttpException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, fieldMessage, hasSecondFactor, needsSecondFactorForDesk, TWO_STEP_REQUIRED_CODE, type UserDto, type UserRole } from '@app/contracts';
import type { SessionRequest } from './session.middleware';
import { hashToken } from './session.service';
import { refusal } from './http-exception.filter';

const ROLES_KEY = 'roles';
const DESK_KEY = 'moderation-desk';

/** Restricts a route to the given roles (implies a signed-in user). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES_KEY, roles);

/**
 * A route of the moderation desk: a moderator whose session was not opened with a second factor
 * (a passkey, or the password and a code) is refused (403 `two_step_required`), told to sign in
 * with it, or first to set one up. `false` on a method exempts it from its class's mark.
 */
export const ModerationDesk = (desk = true) => SetMetadata(DESK_KEY, desk);

export function unauthenticated(): HttpException {
  return refusal(401, ErrorCode.Unauthenticated, fieldMessage('auth_required'));
}

/** Requires a session; with @Roles also the role. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<SessionRequest>();
    if (!req.user) throw unauthenticated();
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles && !roles.includes(req.user.role)) {
      const { message, code } = fieldMessage('role_not_allowed');
      throw new ForbiddenException({ error: 'Forbidden', code: ErrorCode.Forbidden, message, messageCode: { code } });
    }
    const desk = this.reflector.getAllAndOverride<boolean | undefined>(DESK_KEY, [context.getHandler(), context.getClass()]);
    if (desk && needsSecondFactorForDesk(req.user)) {
      const { message, code } = fieldMessage(hasSecondFactor(req.user) ? 'two_step_desk_sign_in_again' : 'two_step_desk_needs_second_factor');
      throw new ForbiddenException({ error: 'Forbidden', code: TWO_STEP_REQUIRED_CODE, message, messageCode: { code } });
    }
    return true;
  }
}

/** The signed-in user; use on routes behind AuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): UserDto => {
  return ctx.switchToHttp().getRequest<SessionRequest>().user as UserDto;
});

/** The signed-in user or null, for routes open to visitors. */
export const OptionalUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): UserDto | null => {
  return ctx.switchToHttp().getRequest<SessionRequest>().user ?? null;
});

/** The session a request came from as auth-svc's store keys it (the sha256 of its token), for rules about that session. */
export function sessionKey(req: SessionRequest): string {
  if (!req.sessionToken) throw unauthenticated();
  return hashToken(req.sessionToken);
}

export function clientIp(req: { ip?: string; socket?: { remoteAddress?: string } }): string {
  return (req.ip ?? req.socket?.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}
