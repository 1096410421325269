import { COLOR_PALETTE, DEFAULT_COLOR } from '@app/contracts/browser';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Palette } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { COLOR_NAMES } from '../constants';
import { COMPOSER_TEXT } from '../chat-copy';

export type ColourMenuProps = { value: string; disabled: boolean; locked: boolean; onLocked: () => void; onChange: (color: string) => void };

/** The palette's colours for the text; for whoever may not format, the button offers VIP instead. */
export function ColourMenu({ value, disabled, locked, onLocked, onChange }: ColourMenuProps) {
  if (locked) {
    return (
      <Button variant="ghost" size="icon" className="h-8 w-8 opacity-60" aria-label={COMPOSER_TEXT.color} title={COMPOSER_TEXT.formattingLocked} disabled={disabled} onClick={onLocked}>
        <Palette className="h-4 w-4" />
      </Button>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild disabled={disabled}>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label={COMPOSER_TEXT.color} title={COMPOSER_TEXT.color}>
          {/* The default colour is the theme's text colour, so the icon keeps it too. */}
          <Palette className="h-4 w-4" style={value === DEFAULT_COLOR ? undefined : { color: value }} />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className="z-50 grid grid-cols-5 gap-1 rounded-lg border bg-card p-2 shadow-lg">
          {COLOR_PALETTE.map((color) => (
            <DropdownMenu.Item
              key={color}
              aria-label={COLOR_NAMES[color]}
              title={COLOR_NAMES[color]}
              onSelect={() => onChange(color)}
              className={cn(
                'h-7 w-7 cursor-pointer rounded-full border-2 outline-none data-[highlighted]:ring-2 data-[highlighted]:ring-ring',
                value === color ? 'border-foreground' : 'border-transparent',
              )}
              style={{ backgroundColor: color }}
            />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
