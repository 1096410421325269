import type { RoomDto, UserDto } from '@app/contracts';
import { canFormat as mayFormat, canSendImages as maySendImages, fieldMessage, roomTakesPicture } from '@app/contracts/browser';
import { useState, type RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toast } from '@/components/ui/toast-store';
import { wordField } from '@/lib/errors';
import { uploadChatImage } from '@/features/media/api/upload-chat-image';
import { UploadError } from '@/features/media/api/upload-request';
import { acceptFor } from '@/features/media/upload-rules';
import { openVipDialog } from '@/features/vip/vip-slice';
import { replyCancelled, selectReplyingTo, selectWaitUntil } from '../chat-slice';
import { CHAT_TOASTS, COMPOSER_TEXT } from '../chat-copy';
import { DEFAULT_STYLE, formattingOf, styleOf, textKind, type ComposerStyle } from '../message-kind';
import type { OutboxPayload } from '../outbox/outbox-store';
import { useOutbox } from '../outbox/use-outbox';
import { useNow } from '@/hooks/use-now';

const COUNTDOWN_TICK_MS = 250;
const GIF_MIME = 'image/gif';

export type ComposerOptions = {
  room: RoomDto;
  me: UserDto;
  /** The socket is not online or the room not joined: sends wait in the outbox, uploads cannot start. */
  disabled: boolean;
  /** The text box, focused again after each send. */
  input: RefObject<HTMLTextAreaElement | null>;
};

export type FormattingKey = 'bold' | 'italic' | 'underline';

/** What a failed upload tells the person: the server's message, a check made before sending, or the fallback. */
function uploadFailure(error: unknown): string {
  if (!(error instanceof UploadError)) return COMPOSER_TEXT.uploadFallback;
  // The server's message, in the language spoken (sendUpload words it by its code).
  if (error.body?.message) return error.message;
  return error.status === 0 && error.message ? error.message : COMPOSER_TEXT.uploadFallback;
}

/**
 * The composer's text, style and sending: each message goes to the outbox (one client id for
 * every attempt at it), and the cooldown a regular user waits in a public room holds the next.
 */
export function useComposer({ room, me, disabled, input }: ComposerOptions) {
  const dispatch = useAppDispatch();
  const outbox = useOutbox(me);
  const [uploading, setUploading] = useState(false);
  const [text, setText] = useState('');
  const [style, setStyle] = useState<ComposerStyle>(DEFAULT_STYLE);

  const replyingTo = useAppSelector((state) => selectReplyingTo(state, room.id));
  const cancelReply = () => dispatch(replyCancelled(room.id));
  const waitUntil = useAppSelector((state) => selectWaitUntil(state, room.id));
  const now = useNow(COUNTDOWN_TICK_MS, waitUntil > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  const limited = waitSeconds > 0;
  // Offline, text is still written and kept; an image needs the network for its upload.
  const blocked = limited;
  const canUpload = !disabled && !limited;

  const canFormat = mayFormat(me.role, room.type);
  const takesImages = roomTakesPicture(room, 'image');
  const takesGifs = roomTakesPicture(room, 'gif');
  const canSendImages = maySendImages(me.role) && (takesImages || takesGifs);
  // The file picker offers only the kinds the room takes: no GIFs where they are off, GIFs alone where only they are on.
  const pictures = {
    accept: acceptFor('chat')
      .split(',')
      .filter((mime) => (mime === GIF_MIME ? takesGifs : takesImages))
      .join(','),
    label: takesImages ? COMPOSER_TEXT.image : COMPOSER_TEXT.gif,
  };
  // The text being typed shows the formatting it will be sent with.
  const preview = canFormat ? styleOf(formattingOf(style)) : { style: undefined, className: undefined };

  // Every send is kept in the outbox first: it shows at once as "Sending…" and goes out now, or
  // when the connection and the room are back; the server's refusal shows on the message itself.
  // A reply being written goes with the next message sent, whatever its kind.
  const deliver = (payload: OutboxPayload) => {
    outbox.enqueue(room.id, replyingTo ? { ...payload, replyToId: replyingTo.id } : payload);
    if (replyingTo) cancelReply();
  };

  const send = () => {
    const content = text.trim();
    if (!content || limited) return;
    const type = textKind(content);
    const formatting = canFormat && type === 'text' ? formattingOf(style) : undefined;
    deliver({ content, type, ...(formatting ? { formatting } : {}) });
    setText('');
    setStyle(DEFAULT_STYLE);
    input.current?.focus();
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      window.alert(COMPOSER_TEXT.notAnImage);
      return;
    }
    // Picked past the picker's filter ("All files"): said at once rather than after the upload.
    const kind = file.type === GIF_MIME ? 'gif' : 'image';
    if (!roomTakesPicture(room, kind)) {
      const off = fieldMessage(kind === 'gif' ? 'message_gifs_off' : 'message_images_off');
      toast({ title: CHAT_TOASTS.uploadFailed, description: wordField(off, off.message), variant: 'destructive' });
      return;
    }
    setUploading(true);
    let upload: Awaited<ReturnType<typeof uploadChatImage>>;
    try {
      upload = await uploadChatImage(file);
    } catch (failure) {
      toast({ title: CHAT_TOASTS.uploadFailed, description: uploadFailure(failure), variant: 'destructive' });
      return;
    } finally {
      setUploading(false);
    }
    deliver({
      content: upload.url,
      type: upload.messageType,
      metadata: { originalName: file.name.slice(0, 255), mimeType: file.type, size: file.size },
    });
  };

  const offerVip = () => dispatch(openVipDialog());

  const toggle = (key: FormattingKey) => {
    if (!canFormat) return offerVip();
    setStyle((s) => ({ ...s, [key]: !s[key] }));
  };

  return {
    text,
    setText,
    style,
    setStyle,
    toggle,
    offerVip,
    preview,
    canFormat,
    canSendImages,
    pictures,
    waitSeconds,
    limited,
    blocked,
    canUpload,
    uploading,
    send,
    sendImage,
    replyingTo,
    cancelReply,
  };
}
