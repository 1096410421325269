import type { MessageDto } from '@app/contracts';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Lightbox, type LightboxItem } from '@/components/ui/lightbox';
import { Picture } from '@/components/ui/picture';
import { CHAT_TEXT, IMAGE_VIEWER_TEXT, REPLY_TEXT } from '../chat-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';
import { shownName } from '@/lib/shown-name';

type Viewer = {
  open: (messageId: number) => void;
  /** Each thumbnail says where it is, so focus can go back to it when the viewer closes. */
  place: (messageId: number, element: HTMLElement | null) => void;
};

const ViewerContext = createContext<Viewer | null>(null);

export const isPicture = (message: MessageDto) => (message.type === 'image' || message.type === 'gif') && !message.removedBy;

const kindOf = (message: MessageDto) => REPLY_TEXT.kinds[message.type] ?? message.type;
const nameOf = (message: MessageDto) => String(message.metadata?.originalName ?? kindOf(message));

function itemOf(message: MessageDto, locale: string): LightboxItem {
  return {
    key: message.id,
    src: message.content,
    alt: nameOf(message),
    title: IMAGE_VIEWER_TEXT.title(kindOf(message), shownName(message.sender.username) || CHAT_TEXT.unknownUser),
    caption: <time dateTime={message.createdAt}>{formatDate(message.createdAt, locale, { time: true })}</time>,
  };
}

export type ImageViewerProps = {
  /** The pictures of the conversation on screen, oldest first: the viewer moves between them. */
  messages: MessageDto[];
  children: ReactNode;
};

/** Opens a message's picture large, over the conversation, instead of in a new tab. */
export function ImageViewer({ messages, children }: ImageViewerProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const thumbnails = useRef(new Map<number, HTMLElement>());
  const locale = useFormatLocale();
  const items = useMemo(() => messages.map((message) => itemOf(message, locale)), [messages, locale]);
  const viewer = useMemo<Viewer>(
    () => ({
      open: setOpenId,
      place: (id, element) => {
        if (element) thumbnails.current.set(id, element);
        else thumbnails.current.delete(id);
      },
    }),
    [],
  );
  return (
    <ViewerContext.Provider value={viewer}>
      {children}
      <Lightbox items={items} openKey={openId} onOpenKeyChange={setOpenId} returnFocusTo={(id) => thumbnails.current.get(id)} />
    </ViewerContext.Provider>
  );
}

/** A picture in a message: choosing it (click, Enter or Space) opens the viewer at it. */
export function ImageThumbnail({ message }: { message: MessageDto }) {
  const viewer = useContext(ViewerContext);
  // Outside a conversation's viewer the picture gets a viewer of its own.
  if (!viewer) {
    return (
      <ImageViewer messages={[message]}>
        <ImageThumbnail message={message} />
      </ImageViewer>
    );
  }
  const name = nameOf(message);
  return (
    <button
      type="button"
      ref={(element) => viewer.place(message.id, element)}
      className="block cursor-zoom-in rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onClick={() => viewer.open(message.id)}
      aria-label={IMAGE_VIEWER_TEXT.open(name)}
      aria-haspopup="dialog"
      data-testid="message"
      data-message-id={message.id}
      data-kind={message.type}
    >
      <Picture src={message.content} alt={name} loading="lazy" className="max-h-64 max-w-full rounded-lg border object-contain" />
    </button>
  );
}
