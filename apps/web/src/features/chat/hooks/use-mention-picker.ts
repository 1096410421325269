import { mentionQueryAt } from '@app/contracts/browser';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** Names listed at once; typing narrows them. */
const SHOWN = 8;

export interface Mentionable {
  id: number;
  username: string;
  avatar?: string | null;
}

export type MentionPickerOptions = {
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  /** The people who can be mentioned here (the room's online people, or the private chat's other person). */
  people: Mentionable[];
};

/**
 * The @ picker of the composer: typing @ opens a list of the room's people, narrowed by what
 * follows; arrows move, Enter or Tab inserts `@username `, Escape closes it until the next @.
 * The text box stays focused and points at the active option (aria-activedescendant).
 */
export function useMentionPicker({ text, setText, input, people }: MentionPickerOptions) {
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** The @ position Escape closed the list at: it stays closed until another @ is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  /** Where the caret goes once the picked name is in the box. */
  const caretAfterPick = useRef<number | null>(null);

  // Right after the render that puts the name in, before the next key is handled: a caret
  // placed later (on a frame timer) would pull back whatever a quick typist typed meanwhile.
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(at, at);
  });

  const query = mentionQueryAt(text, Math.min(caret, text.length));
  const options = query ? matching(people, query.query) : [];
  const open = query !== null && query.start !== dismissed && people.length > 0;
  const activeIndex = options.length > 0 ? Math.min(active, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const track = () => {
    const box = input.current;
    if (box) setCaret(box.selectionStart ?? box.value.length);
  };

  const pick = (person: Mentionable) => {
    if (!query) return;
    const end = Math.min(caret, text.length);
    const inserted = `@${person.username} `;
    const next = text.slice(0, query.start) + inserted + text.slice(end);
    const at = query.start + inserted.length;
    setText(next);
    setCaret(at);
    setActive(0);
    caretAfterPick.current = at;
  };

  /** Handles the picker's keys while it is open; true when the key was its own. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(query.start);
      return true;
    }
    if (options.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      pick(options[activeIndex]);
      return true;
    }
    return false;
  };

  const onChange = (value: string, caretAt: number | null) => {
    setCaret(caretAt ?? value.length);
    setActive(0);
    // A new @ opens the list again.
    if (dismissed !== null && mentionQueryAt(value, caretAt ?? value.length)?.start !== dismissed) setDismissed(null);
  };

  return {
    open,
    options,
    activeIndex,
    listId,
    optionId,
    pick,
    onKeyDown,
    onChange,
    track,
    setActive,
    /** What the text box says to assistive technology about the list. */
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open && activeIndex >= 0 ? optionId(activeIndex) : undefined,
    },
  };
}

/** Names that start with what was typed first, then those that contain it. */
function matching(people: Mentionable[], typed: string): Mentionable[] {
  const starts = people.filter((p) => p.username.toLowerCase().startsWith(typed));
  const contains = people.filter((p) => !starts.includes(p) && p.username.toLowerCase().includes(typed));
  return [...starts, ...contains].slice(0, SHOWN);
}
