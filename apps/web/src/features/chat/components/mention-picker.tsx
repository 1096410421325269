import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { MENTION_TEXT } from '../chat-copy';
import type { Mentionable } from '../hooks/use-mention-picker';

export type MentionPickerProps = {
  listId: string;
  options: Mentionable[];
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (person: Mentionable) => void;
  onHover: (index: number) => void;
};

/** The list the @ picker shows above the text box; the text box keeps the focus and points at the active option. */
export function MentionPicker({ listId, options, activeIndex, optionId, onPick, onHover }: MentionPickerProps) {
  return (
    <div className="absolute bottom-full left-0 z-20 mb-2 w-full max-w-xs overflow-hidden rounded-xl border bg-card shadow-lg">
      {options.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
          {MENTION_TEXT.noMatches}
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-label={MENTION_TEXT.pickerLabel} className="max-h-60 overflow-y-auto py-1" data-testid="mention-picker">
          {options.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              data-username={person.username}
              className={cn('flex min-h-11 cursor-pointer items-center gap-2 px-3 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground')}
              // The text box keeps the focus (and the caret) while the list is used with a mouse or a finger.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(person)}
            >
              <span aria-hidden>
                <UserAvatar name={person.username} src={person.avatar} className="h-6 w-6 text-xs" />
              </span>
              <span className="truncate">{person.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
