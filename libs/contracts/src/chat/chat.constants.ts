/** Room categories with the labels the product shows. `general` is the default. */
export const ROOM_CATEGORIES = {
  general: 'General',
  dating: 'Dating & Romance',
  career: 'Career & Business',
  friendship: 'Friendship',
  emotional: 'Emotional Support',
  entertainment: 'Entertainment',
  technology: 'Technology',
  gaming: 'Gaming',
  music: 'Music',
  sports: 'Sports',
} as const;
export type RoomCategory = keyof typeof ROOM_CATEGORIES;
export const ROOM_CATEGORY_KEYS = Object.keys(ROOM_CATEGORIES) as RoomCategory[];

export const ROOM_NAME_MAX = 50;
export const ROOM_DESCRIPTION_MAX = 200;
export const ROOM_RULES_MAX = 500;
export const ROOM_MAX_USERS_MIN = 2;
export const ROOM_MAX_USERS_MAX = 500;
export const ROOM_MAX_USERS_DEFAULT = 100;
export const ROOM_COOLDOWN_MIN = 0;
export const ROOM_COOLDOWN_MAX = 300;
export const ROOM_COOLDOWN_DEFAULT = 30;

export const MESSAGE_MAX = 2000;
export const MESSAGE_TYPES = ['text', 'emoji', 'image', 'gif', 'voice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const FONT_SIZES = [10, 12, 14, 16, 18, 20, 24, 28, 32] as const;
export const DEFAULT_FONT_SIZE = 14;

/**
 * The composer's ten colours. The first is the default text colour. Every entry is a hex
 * value so that any renderer accepts it.
 */
export const COLOR_PALETTE = [
  '#000000', // black
  '#dc2626', // red
  '#ea580c', // orange
  '#ca8a04', // gold
  '#16a34a', // green
  '#0d9488', // teal
  '#2563eb', // blue
  '#7c3aed', // purple
  '#db2777', // pink
  '#6b7280', // grey
] as const;
export const DEFAULT_COLOR = COLOR_PALETTE[0];

/** Image and GIF messages carry a chat upload issued by the media service. */
export const CHAT_MEDIA_URL_PATTERN = /^\/media\/chat\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{2,5}$/;

/** Voice messages carry a voice-note upload (audio checked by the media service), never another file. */
export const VOICE_MEDIA_URL_PATTERN = /^\/media\/voice\/[0-9a-f-]{36}\.(webm|ogg)$/;

/** Regular users in public rooms: the spec's limits. */
export const HOURLY_MESSAGE_LIMIT = 50;
export const HOUR_MS = 60 * 60 * 1000;
export const DUPLICATE_LIMIT = 3;
export const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Flood guard for every role and room: far above what a person types, it stops scripts
 * that would swamp a room (or the service) even with an unlimited role.
 */
export const FLOOD_LIMIT = 80;
export const FLOOD_WINDOW_MS = 10_000;

/** Presence: a gateway renews its heartbeat this often; a silent gateway's users go offline after the TTL. */
export const PRESENCE_HEARTBEAT_MS = 3000;
export const PRESENCE_TTL_MS = 10_000;

/** A public room a person made (not a seeded one) is archived after this long without a message. */
export const ROOM_ARCHIVE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** How often chat-svc looks for rooms to archive. */
export const ROOM_ARCHIVE_SWEEP_MS = 60 * 60 * 1000;

/** One's own text message may be edited this long after it was sent; deleted at any time. */
/** The most messages a room keeps pinned. */
export const PINS_MAX = 10;

export const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** A send's client id: letters, digits, - and _ only, so it is also a NATS subject token (CHAT_SOCKET_SEND_SUBJECT). */
export const CLIENT_ID_PATTERN = /^[\w-]{1,64}$/;

/** Reactions one tap away; any other emoji comes from the picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
/** Different emoji one message may carry, so one message cannot grow without bound. */
export const REACTIONS_PER_MESSAGE_MAX = 20;
/** How many of the people who chose an emoji a message names (the count covers them all). */
export const REACTION_NAMES_SHOWN = 10;

export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 100;
export const RECENT_MESSAGES_MAX = 20;

/** The 403 code of a VIP-only room refused to someone else: clients show it locked with the VIP offer. */
export const VIP_ROOM_ERROR_CODE = 'vip_room';

/** The spec's error words. */
export const ChatMessages = {
  SelfChat: 'You cannot start a private chat with yourself',
  GuestsReadOnly: 'Guests can read public rooms but cannot send messages. Sign up for free to chat.',
  GuestsNoPrivate: 'Guests cannot start private chats. Sign up for free to chat.',
  NotParticipant: 'Only the participants of this private chat can see it',
  RoomNotFound: 'Room not found',
  UserNotFound: 'User not found',
  SellerNotFound: 'Seller not found',
  RoomFull: 'This room is full. Please try again later.',
  FormattingPremium: 'Rich text formatting in public rooms is available to VIP members',
  ImagesPremium: 'Images and GIFs are available to VIP members',
  ImagesOff: 'Images are turned off in this room',
  GifsOff: 'GIFs are turned off in this room',
  CreateRoomPremium: 'Only VIP members, experts and moderators can create rooms',
  RateLimit: "You've sent 50 messages. Time for a break!",
  Cooldown: 'Please wait before sending another message',
  Duplicate: "You've sent this message too many times within 5 minutes.",
  Flood: 'You are sending messages too fast',
  RoomNameTaken: 'A room with this name already exists',
  DeleteOnlyPrivate: 'Only private chats can be deleted',
  RoomArchived: 'This room was archived after 30 days without messages. Pick another room or create a new one.',
  VipRoom: 'This room is for VIP members',
  MessageNotFound: 'Message not found',
  PinLimit: `A room can have at most ${PINS_MAX} pinned messages. Unpin one to pin another.`,
  PinNotAllowed: "Only the room's owner and moderators can pin messages",
  NotPinned: 'This message is not pinned',
  ReplyOtherConversation: 'A reply must answer a message of the same conversation',
  NotYourMessage: 'You can only change your own messages',
  EditWindowPassed: 'Messages can only be edited within 15 minutes',
  EditOnlyText: 'Only text messages can be edited',
  MessageGone: 'This message was deleted',
  ReactionEmoji: 'A reaction must be a single emoji',
  TooManyReactions: 'This message has as many different reactions as it can hold',
  VoicePremium: 'Voice notes are available to VIP members',
  VoiceUploadFirst: 'Voice notes must be recorded and uploaded first',
} as const;
