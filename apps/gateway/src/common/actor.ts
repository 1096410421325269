import type { ActorDto, UserDto } from '@app/contracts';

/** What chat-svc needs of the session's user; the role here is the one it enforces. */
export function actorOf(user: UserDto): ActorDto {
  return { id: user.id, username: user.username, avatar: user.avatar ?? null, role: user.role };
}
