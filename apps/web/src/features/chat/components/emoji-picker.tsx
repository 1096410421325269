import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Smile } from 'lucide-react';
import EMOJI_GROUPS from 'virtual:emoji-groups';
import { Button } from '@/components/ui/button';
import { EMOJI_FONT } from '../constants';
import { COMPOSER_TEXT } from '../chat-copy';

export type EmojiPickerProps = { onPick: (emoji: string) => void; disabled?: boolean };

/** About 130 widely supported emoji in groups; the list is part of the bundle, built from emojibase. */
export function EmojiPicker({ onPick, disabled }: EmojiPickerProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild disabled={disabled}>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label={COMPOSER_TEXT.emoji} title={COMPOSER_TEXT.emoji}>
          <Smile className="h-4 w-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-72 w-[min(20rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border bg-card p-2 shadow-lg"
          aria-label={COMPOSER_TEXT.emoji}
        >
          {/* Several emoji in a row: the picker stays open. */}
          <EmojiGroups onPick={onPick} keepOpen />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The picker's emoji by group, as items of the dropdown menu (or submenu) they are put in. */
export function EmojiGroups({ onPick, keepOpen = false }: { onPick: (emoji: string) => void; keepOpen?: boolean }) {
  return EMOJI_GROUPS.map((group) => (
    <DropdownMenu.Group key={group.label} className="mb-2">
      <DropdownMenu.Label className="px-1 py-1 text-xs font-medium text-muted-foreground">{group.label}</DropdownMenu.Label>
      <div className="grid grid-cols-8 gap-0.5">
        {group.emoji.map((emoji) => (
          <DropdownMenu.Item
            key={emoji.unicode}
            className={`flex h-8 w-8 cursor-pointer items-center justify-center rounded text-xl outline-none data-[highlighted]:bg-muted ${EMOJI_FONT}`}
            aria-label={emoji.label}
            title={emoji.label}
            onSelect={(event) => {
              if (keepOpen) event.preventDefault();
              onPick(emoji.unicode);
            }}
          >
            {emoji.unicode}
          </DropdownMenu.Item>
        ))}
      </div>
    </DropdownMenu.Group>
  ));
}
