import { FONT_SIZES } from '@app/contracts/browser';
import { Bold, ImagePlus, Italic, Underline } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { COMPOSER_TEXT } from '../chat-copy';
import type { FormattingKey } from '../hooks/use-composer';
import type { ComposerStyle } from '../message-kind';
import { ColourMenu } from './colour-menu';
import { EmojiPicker } from './emoji-picker';
import { VoiceRecorder } from './voice-recorder';

export type ComposerToolbarProps = {
  /** Used for the font size control's id, unique per room. */
  roomId: number;
  style: ComposerStyle;
  /** Formatting is allowed; otherwise every formatting control offers VIP. */
  canFormat: boolean;
  canSendImages: boolean;
  /** What the picture button offers: the file types the room takes, and its name for them. */
  pictures: { accept: string; label: string };
  disabled: boolean;
  /** Images and voice notes are uploaded first, which takes the network: off while disconnected. */
  canUpload: boolean;
  uploading: boolean;
  onToggle: (key: FormattingKey) => void;
  onStyle: (change: Partial<ComposerStyle>) => void;
  onLocked: () => void;
  onEmoji: (emoji: string) => void;
  onImage: (file: File | undefined) => void;
};

// Labels are read at render (COMPOSER_TEXT[key]), in the language spoken then.
const FORMATTING: { key: FormattingKey; icon: ReactNode }[] = [
  { key: 'bold', icon: <Bold className="h-4 w-4" /> },
  { key: 'italic', icon: <Italic className="h-4 w-4" /> },
  { key: 'underline', icon: <Underline className="h-4 w-4" /> },
];

/** Bold, italic, underline, font size, colour, emoji, a voice note and, for premium roles, an image to send. */
export function ComposerToolbar(props: ComposerToolbarProps) {
  const { roomId, style, canFormat, canSendImages, pictures, disabled, canUpload, uploading, onToggle, onStyle, onLocked, onEmoji, onImage } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-0.5 overflow-x-auto pb-1" role="toolbar" aria-label={COMPOSER_TEXT.formatting}>
      {FORMATTING.map(({ key, icon }) => (
        <ToolButton key={key} label={COMPOSER_TEXT[key]} pressed={style[key]} locked={!canFormat} onClick={() => onToggle(key)} disabled={disabled}>
          {icon}
        </ToolButton>
      ))}
      <label className="sr-only" htmlFor={`font-size-${roomId}`}>
        {COMPOSER_TEXT.fontSize}
      </label>
      <select
        id={`font-size-${roomId}`}
        className="h-8 rounded-md border bg-card px-1 text-xs disabled:opacity-50"
        value={style.fontSize}
        disabled={disabled}
        title={canFormat ? COMPOSER_TEXT.fontSize : COMPOSER_TEXT.formattingLocked}
        onMouseDown={(e) => {
          if (!canFormat) {
            e.preventDefault();
            onLocked();
          }
        }}
        onChange={(e) => canFormat && onStyle({ fontSize: Number(e.target.value) })}
      >
        {FONT_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}px
          </option>
        ))}
      </select>
      <ColourMenu value={style.color} disabled={disabled} locked={!canFormat} onLocked={onLocked} onChange={(color) => onStyle({ color })} />
      <EmojiPicker disabled={disabled} onPick={onEmoji} />
      <VoiceRecorder roomId={roomId} disabled={disabled || !canUpload} onLocked={onLocked} />
      {canSendImages ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8"
            aria-label={pictures.label}
            title={pictures.label}
            disabled={disabled || !canUpload || uploading}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus className="h-4 w-4" />
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={pictures.accept}
            className="hidden"
            data-testid="image-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              onImage(file);
            }}
          />
          {uploading ? <span className="text-xs text-muted-foreground">{COMPOSER_TEXT.uploading}</span> : null}
        </>
      ) : null}
    </div>
  );
}

type ToolButtonProps = { label: string; pressed: boolean; locked: boolean; disabled: boolean; onClick: () => void; children: ReactNode };

function ToolButton({ label, pressed, locked, disabled, onClick, children }: ToolButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('h-8 w-8', pressed && 'bg-muted text-primary', locked && 'opacity-60')}
      aria-label={label}
      aria-pressed={pressed}
      title={locked ? COMPOSER_TEXT.formattingLocked : label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
