import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Smile } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EMOJI_FONT } from '../constants';
import { COMPOSER_TEXT } from '../copy';
import { loadEmoji, type EmojiGroup } from '../emoji-set';

export type EmojiPickerProps = { onPick: (emoji: string) => void; disabled?: boolean };

export function EmojiPicker({ onPick, disabled }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<EmojiGroup[] | null>(null);

  useEffect(() => {
    if (!open || groups) return;
    let live = true;
    loadEmoji()
      .then((loaded) => live && setGroups(loaded))
      .catch((error: unknown) => console.warn('Emoji data failed to load', error));
    return () => {
      live = false;
    };
  }, [open, groups]);

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
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
          {!groups ? (
            <p className="p-4 text-center text-sm text-muted-foreground">Loading...</p>
          ) : (
            groups.map((group) => (
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
                        // Several emoji in a row: the picker stays open.
                        event.preventDefault();
                        onPick(emoji.unicode);
                      }}
                    >
                      {emoji.unicode}
                    </DropdownMenu.Item>
                  ))}
                </div>
              </DropdownMenu.Group>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
