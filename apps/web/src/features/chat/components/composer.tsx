import type { MessageType, RoomDto, UserDto } from '@app/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bold, ImagePlus, Italic, Palette, Send, Underline } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { errorBody, errorMessage, errorStatus } from '../../../lib/errors';
import { openVipDialog } from '../../vip/vip-slice';
import { useSendMessageMutation, useUploadChatImageMutation, type SendMessageRequest } from '../api/chat-api';
import { cooldownStarted, rateLimited, selectWaitUntil } from '../chat-slice';
import { COLOR_PALETTE, DEFAULT_COLOR, FONT_SIZES } from '@app/contracts/browser';
import { COLOR_NAMES, isPremiumRole } from '../constants';
import { CHAT_TOASTS, COMPOSER_TEXT, DEFAULT_WAIT_SECONDS } from '../copy';
import { useNow } from '../hooks/use-now';
import { DEFAULT_STYLE, formattingOf, styleOf, textKind, type ComposerStyle } from '../message-kind';
import { createOutgoingIds } from '../outgoing-ids';
import { EmojiPicker } from './emoji-picker';

const COUNTDOWN_TICK_MS = 250;

export type ComposerProps = {
  room: RoomDto;
  me: UserDto;
  /** The socket is not online: nothing can be sent. */
  disabled: boolean;
};

export function Composer({ room, me, disabled }: ComposerProps) {
  const dispatch = useAppDispatch();
  const [sendMessage, { isLoading: sending }] = useSendMessageMutation();
  const [uploadImage, { isLoading: uploading }] = useUploadChatImageMutation();
  const [text, setText] = useState('');
  const [style, setStyle] = useState<ComposerStyle>(DEFAULT_STYLE);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [outgoing] = useState(createOutgoingIds);

  const waitUntil = useAppSelector((state) => selectWaitUntil(state, room.id));
  const now = useNow(COUNTDOWN_TICK_MS, waitUntil > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  const limited = waitSeconds > 0;

  const canFormat = isPremiumRole(me.role) || room.type === 'private';
  // The text being typed shows the formatting it will be sent with.
  const preview = canFormat ? styleOf(formattingOf(style)) : { style: undefined, className: undefined };
  const canSendImages = isPremiumRole(me.role);
  const enterToSend = me.settings?.chat?.enterToSend ?? true;
  const blocked = disabled || limited;

  const deliver = async (request: Omit<SendMessageRequest, 'roomId' | 'clientId'>): Promise<boolean> => {
    const message = { ...request, roomId: room.id };
    const result = await sendMessage({ ...message, clientId: outgoing.idFor(message) });
    if ('data' in result) {
      outgoing.acknowledged(message);
      if (me.role === 'user' && room.type === 'public' && room.messageCooldown > 0) {
        dispatch(cooldownStarted({ roomId: room.id, until: Date.now() + room.messageCooldown * 1000 }));
      }
      return true;
    }
    if (errorStatus(result.error) === 429) {
      const body = errorBody(result.error);
      const waitTime = Number(body?.waitTime);
      dispatch(
        rateLimited({
          roomId: room.id,
          code: String(body?.error ?? body?.code ?? 'rate_limit'),
          waitSeconds: waitTime > 0 ? Math.ceil(waitTime / 1000) : DEFAULT_WAIT_SECONDS,
          at: Date.now(),
        }),
      );
    } else {
      toast({ title: CHAT_TOASTS.sendFailed, description: errorMessage(result.error, ''), variant: 'destructive' });
    }
    return false;
  };

  const send = async () => {
    const content = text.trim();
    if (!content || blocked || sending) return;
    const type = textKind(content);
    const formatting = canFormat && type === 'text' ? formattingOf(style) : undefined;
    if (await deliver({ content, type, ...(formatting ? { formatting } : {}) })) {
      setText('');
      setStyle(DEFAULT_STYLE);
    }
    input.current?.focus();
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      window.alert(COMPOSER_TEXT.notAnImage);
      return;
    }
    const uploaded = await uploadImage(file);
    if (!('data' in uploaded) || !uploaded.data) {
      toast({ title: CHAT_TOASTS.uploadFailed, description: errorMessage(uploaded.error, 'Failed to upload file'), variant: 'destructive' });
      return;
    }
    const stored = uploaded.data.file ?? uploaded.data.files?.[0];
    const type: MessageType = stored?.format === 'gif' || file.type === 'image/gif' ? 'gif' : 'image';
    await deliver({
      content: uploaded.data.url,
      type,
      metadata: { originalName: file.name.slice(0, 255), mimeType: file.type, size: file.size },
    });
  };

  const toggle = (key: 'bold' | 'italic' | 'underline') => {
    if (!canFormat) return dispatch(openVipDialog());
    setStyle((s) => ({ ...s, [key]: !s[key] }));
  };

  const placeholder = limited ? COMPOSER_TEXT.wait(waitSeconds) : COMPOSER_TEXT.placeholder;

  return (
    <div className="border-t bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4">
      <div className="mx-auto max-w-3xl">
        <div className="flex items-center gap-0.5 overflow-x-auto pb-1" role="toolbar" aria-label="Formatting">
          <ToolButton label={COMPOSER_TEXT.bold} pressed={style.bold} locked={!canFormat} onClick={() => toggle('bold')} disabled={blocked}>
            <Bold className="h-4 w-4" />
          </ToolButton>
          <ToolButton label={COMPOSER_TEXT.italic} pressed={style.italic} locked={!canFormat} onClick={() => toggle('italic')} disabled={blocked}>
            <Italic className="h-4 w-4" />
          </ToolButton>
          <ToolButton label={COMPOSER_TEXT.underline} pressed={style.underline} locked={!canFormat} onClick={() => toggle('underline')} disabled={blocked}>
            <Underline className="h-4 w-4" />
          </ToolButton>
          <label className="sr-only" htmlFor={`font-size-${room.id}`}>
            {COMPOSER_TEXT.fontSize}
          </label>
          <select
            id={`font-size-${room.id}`}
            className="h-8 rounded-md border bg-card px-1 text-xs disabled:opacity-50"
            value={style.fontSize}
            disabled={blocked}
            title={canFormat ? COMPOSER_TEXT.fontSize : COMPOSER_TEXT.formattingLocked}
            onMouseDown={(e) => {
              if (!canFormat) {
                e.preventDefault();
                dispatch(openVipDialog());
              }
            }}
            onChange={(e) => canFormat && setStyle((s) => ({ ...s, fontSize: Number(e.target.value) }))}
          >
            {FONT_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}px
              </option>
            ))}
          </select>
          <ColourMenu
            value={style.color}
            disabled={blocked}
            locked={!canFormat}
            onLocked={() => dispatch(openVipDialog())}
            onChange={(color) => setStyle((s) => ({ ...s, color }))}
          />
          <EmojiPicker
            disabled={blocked}
            onPick={(emoji) => setText((t) => t + emoji)}
          />
          {canSendImages ? (
            <>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                aria-label={COMPOSER_TEXT.image}
                title={COMPOSER_TEXT.image}
                disabled={blocked || uploading}
                onClick={() => fileInput.current?.click()}
              >
                <ImagePlus className="h-4 w-4" />
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                className="hidden"
                data-testid="image-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  void sendImage(file);
                }}
              />
              {uploading ? <span className="text-xs text-muted-foreground">{COMPOSER_TEXT.uploading}</span> : null}
            </>
          ) : null}
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <textarea
            ref={input}
            rows={1}
            value={text}
            maxLength={2000}
            disabled={blocked}
            placeholder={placeholder}
            aria-label="Message"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              const submit = enterToSend ? e.key === 'Enter' && !e.shiftKey : e.key === 'Enter' && (e.ctrlKey || e.metaKey);
              if (submit && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            className={cn(
              'max-h-32 min-h-10 flex-1 resize-none rounded-xl border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
              preview.className,
            )}
            style={preview.style}
          />
          <Button type="submit" size="icon" className="shrink-0 rounded-full" aria-label={COMPOSER_TEXT.send} disabled={blocked || sending || !text.trim()}>
            <Send className="h-4 w-4" />
          </Button>
        </form>
        {limited ? (
          <p className="mt-1 text-xs font-medium text-red-600" role="status" data-testid="wait-hint">
            {COMPOSER_TEXT.wait(waitSeconds)}
          </p>
        ) : disabled ? (
          <p className="mt-1 text-xs text-muted-foreground" role="status">
            {COMPOSER_TEXT.disconnected}
          </p>
        ) : null}
      </div>
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

type ColourMenuProps = { value: string; disabled: boolean; locked: boolean; onLocked: () => void; onChange: (color: string) => void };

function ColourMenu({ value, disabled, locked, onLocked, onChange }: ColourMenuProps) {
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
