import type { RoomDto, UserDto } from '@app/contracts';
import { canFormat as mayFormat, canSendImages as maySendImages, hasSendLimits, ModerationErrorCode } from '@app/contracts/browser';
import { useState, type RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toast } from '../../../components/ui/toast-store';
import { errorBody, errorMessage, errorStatus } from '../../../lib/errors';
import { uploadChatImage } from '../../media/api/upload-chat-image';
import { UploadError } from '../../media/api/upload-request';
import { muteStarted } from '../../moderation/api/reports-api';
import { openVipDialog } from '../../vip/vip-slice';
import { useSendMessageMutation, type SendMessageRequest } from '../api/chat-api';
import { cooldownStarted, rateLimited, selectWaitUntil } from '../chat-slice';
import { CHAT_TOASTS, COMPOSER_TEXT, DEFAULT_WAIT_SECONDS } from '../copy';
import { DEFAULT_STYLE, formattingOf, styleOf, textKind, type ComposerStyle } from '../message-kind';
import { createOutgoingIds } from '../outgoing-ids';
import { useNow } from '../../../hooks/use-now';

const COUNTDOWN_TICK_MS = 250;
const UPLOAD_FALLBACK = 'Failed to upload file';

export type ComposerOptions = {
  room: RoomDto;
  me: UserDto;
  /** The socket is not online: nothing can be sent. */
  disabled: boolean;
  /** The text box, focused again after each send. */
  input: RefObject<HTMLTextAreaElement | null>;
};

export type FormattingKey = 'bold' | 'italic' | 'underline';

/** What a failed upload tells the person: the server's message, a check made before sending, or the fallback. */
function uploadFailure(error: unknown): string {
  if (!(error instanceof UploadError)) return UPLOAD_FALLBACK;
  if (error.body?.message) return error.body.message;
  return error.status === 0 && error.message ? error.message : UPLOAD_FALLBACK;
}

/**
 * The composer's text, style and sending: one client id per message until the server stores it,
 * the cooldown a regular user waits in a public room, the server's 429 turned into the wait.
 */
export function useComposer({ room, me, disabled, input }: ComposerOptions) {
  const dispatch = useAppDispatch();
  const [sendMessage, { isLoading: sending }] = useSendMessageMutation();
  const [uploading, setUploading] = useState(false);
  const [text, setText] = useState('');
  const [style, setStyle] = useState<ComposerStyle>(DEFAULT_STYLE);
  const [outgoing] = useState(createOutgoingIds);

  const waitUntil = useAppSelector((state) => selectWaitUntil(state, room.id));
  const now = useNow(COUNTDOWN_TICK_MS, waitUntil > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  const limited = waitSeconds > 0;
  const blocked = disabled || limited;

  const canFormat = mayFormat(me.role, room.type);
  const canSendImages = maySendImages(me.role);
  // The text being typed shows the formatting it will be sent with.
  const preview = canFormat ? styleOf(formattingOf(style)) : { style: undefined, className: undefined };

  const deliver = async (request: Omit<SendMessageRequest, 'roomId' | 'clientId'>): Promise<boolean> => {
    const message = { ...request, roomId: room.id };
    const result = await sendMessage({ ...message, clientId: outgoing.idFor(message) });
    if ('data' in result) {
      outgoing.acknowledged(message);
      if (hasSendLimits(me.role, room.type) && room.messageCooldown > 0) {
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
          ...(typeof body?.message === 'string' ? { message: body.message } : {}),
          waitSeconds: waitTime > 0 ? Math.ceil(waitTime / 1000) : DEFAULT_WAIT_SECONDS,
          at: Date.now(),
        }),
      );
    } else if (errorBody(result.error)?.code === ModerationErrorCode.Muted && typeof errorBody(result.error)?.mutedUntil === 'string') {
      // The composer turns read-only with the end time; no toast repeats it.
      dispatch(muteStarted(String(errorBody(result.error)?.mutedUntil)));
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
    await deliver({
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
    waitSeconds,
    limited,
    blocked,
    sending,
    uploading,
    send,
    sendImage,
  };
}
