import { fieldMessage, type FieldMessage } from '@app/contracts';
import { ContentFilter, RpcErrors } from '@app/server';

const ROOM_FIELDS = [
  ['name', fieldMessage('room_name_words_not_allowed')],
  ['description', fieldMessage('room_description_words_not_allowed')],
  ['customRules', fieldMessage('room_rules_words_not_allowed')],
] as const;

/** A public room's name, description and rules are shown to everyone: offensive words are refused, field by field. */
export function assertCleanRoom(filter: ContentFilter, room: { name: string; description?: string; customRules?: string }): void {
  const fields: Record<string, FieldMessage[]> = {};
  for (const [field, problem] of ROOM_FIELDS) {
    const text = room[field];
    if (text && filter.isOffensive(text)) fields[field] = [problem];
  }
  const first = Object.values(fields)[0];
  if (first) throw RpcErrors.badRequest(first[0].message, fields);
}
