import { SafetyMessages } from '@app/contracts';
import { ContentFilter, RpcErrors } from '@app/server';

const ROOM_FIELDS = [
  ['name', SafetyMessages.WordsNotAllowed.roomName],
  ['description', SafetyMessages.WordsNotAllowed.description],
  ['customRules', SafetyMessages.WordsNotAllowed.customRules],
] as const;

/** A public room's name, description and rules are shown to everyone: offensive words are refused, field by field. */
export function assertCleanRoom(filter: ContentFilter, room: { name: string; description?: string; customRules?: string }): void {
  const fields: Record<string, string[]> = {};
  for (const [field, message] of ROOM_FIELDS) {
    const text = room[field];
    if (text && filter.isOffensive(text)) fields[field] = [message];
  }
  const first = Object.values(fields)[0];
  if (first) throw RpcErrors.badRequest(first[0], fields);
}
