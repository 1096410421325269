import roomsEnglish from '../../i18n/catalogues/en/rooms.json';
import { VIP_PRICE } from '../vip/vip-strings';
import { plainText } from '../../i18n/i18n';

/** The chat screens' copy (spec points 2, 4, 5 and 8), shared by the screens and their tests. */
export const CHAT_TEXT = {
  selectRoomTitle: 'Select a Chat Room',
  selectRoomHint: 'Pick a room to start chatting.',
  goBack: 'Go Back',
  joiningRoom: 'Joining Chat Room...',
  online: 'Online',
  connecting: 'Connecting...',
  offline: 'Disconnected',
  reconnecting: (attempt: number) => `Reconnecting… (attempt ${attempt})`,
  reconnect: 'Reconnect',
  connectionTrouble: 'Having trouble connecting?',
  connectingToChat: 'Connecting to chat...',
  emptyTitle: 'No messages yet',
  emptyHint: 'Be the first to start the conversation!',
  loadingRoom: 'Loading room...',
  roomUnavailable: 'This room is not available',
  privateChat: 'Private chat',
  onlineUsers: 'Online users',
  personActions: 'Report or block',
  onlineCount: (n: number) => `${n} online`,
  presenceOnline: 'Online',
  lastSeen: (ago: string) => `Last seen ${ago}`,
  viewExpertProfile: 'View profile',
  expertPrice: (price: string) => `${price}/min`,
  filterUsers: 'Filter by username',
  noUsersMatch: 'No one matches that name',
  you: '(you)',
  privateChats: 'Private chats',
  noPrivateChats: 'No private chats from this room yet. Click a name to start one.',
  unread: 'Unread messages',
  menu: 'Room menu',
  viewProfile: 'View Profile',
  browseRooms: 'Browse Rooms',
  createRoom: 'Create Room',
  leaveRoom: 'Leave Room',
  deleteRoom: 'Delete room',
  logout: 'Logout',
  upgrade: 'Upgrade to VIP',
  startChatWith: (name: string) => `Start a private chat with ${name}`,
  loadOlder: 'Load earlier messages',
  loadingOlder: 'Loading earlier messages...',
  loadOlderFailed: 'Could not load earlier messages. Try again',
  startOfHistory: 'This is the beginning of the conversation',
  guestReadOnly: 'Guests can read public rooms but cannot send messages. Sign up for free to chat.',
  signUpToChat: 'Sign Up for Free',
} as const;

export const COMPOSER_TEXT = {
  placeholder: 'Type a message...',
  wait: (n: number) => `Wait ${n}s`,
  send: 'Send message',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  fontSize: 'Font size',
  color: 'Text colour',
  emoji: 'Emoji',
  image: 'Send an image',
  gif: 'Send a GIF',
  uploading: 'Uploading...',
  notAnImage: 'Please select an image file',
  formattingLocked: 'Rich text formatting in public rooms is for VIP members',
} as const;

export const CREATE_ROOM_TEXT = {
  title: 'Create Public Room',
  description: 'Start a room for people who share your interests.',
  name: 'Room name',
  namePlaceholder: 'e.g. Weekend Hikers',
  roomDescription: 'Description',
  category: 'Category',
  maxUsers: 'Max users',
  rules: 'Room rules',
  rulesPlaceholder: 'Optional: what is welcome here',
  cooldown: 'Message cooldown (seconds)',
  allowImages: 'Allow images',
  allowGifs: 'Allow GIFs',
  picturesHint: 'When off, nobody can send them here, VIP members included.',
  submit: 'Create Room',
  submitting: 'Creating...',
  cancel: 'Cancel',
  errors: {
    nameRequired: 'Room name is required',
    nameTooLong: 'Room name must be less than 50 characters',
    descriptionTooLong: 'Description must be less than 200 characters',
    categoryRequired: 'Category is required',
    maxUsers: 'Max users must be between 2 and 500',
    rulesTooLong: 'Rules must be less than 500 characters',
    cooldown: 'Message cooldown must be between 0 and 300 seconds',
  },
} as const;

export const JOIN_TEXT = {
  promptTitle: (room: string) => `Join ${room}`,
  promptBody: 'Chat for free as a guest, or sign up to send messages, start private chats and more.',
  continueAsGuest: 'Continue as Guest',
  joining: 'Joining...',
  signUp: 'Sign Up for Free',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in here',
  usernameTitle: 'Choose Your Username',
  usernameBody: 'This is how others will see you in the room. Guests can read but not send messages.',
  usernameLabel: 'Username',
  usernamePlaceholder: 'letters, digits and _',
  checking: 'Checking availability...',
  available: 'Username is available',
  taken: 'Username is already taken',
  joinChat: 'Join Chat',
  cancel: 'Cancel',
} as const;

/** Toasts of the spec (point 8), title and description. */
export const CHAT_TOASTS = {
  usernameRequired: { title: 'Username Required', description: 'Please enter a username to continue' },
  usernameTooShort: { title: 'Username Too Short', description: 'Username must be at least 3 characters long' },
  usernameTaken: { title: 'Username Taken', description: 'This username is already taken. Please choose another one.' },
  captchaRequired: { title: 'Captcha Required', description: 'Please complete the security verification' },
  failedToJoin: { title: 'Failed to Join', fallback: 'Unable to join with that username. Please try again.' },
  roomCreated: (name: string) => ({ title: 'Room Created', description: `Successfully created "${name}" room` }),
  createFailed: { title: 'Error', fallback: 'Failed to create room. Please try again.' },
  sendFailed: 'Failed to send message. Please try again.',
  selfChat: { title: 'Cannot Start Chat', description: 'You cannot start a private chat with yourself' },
  startChatFailed: 'Failed to start private chat. Please try again.',
  deleteChatFailed: 'Failed to delete private chat. Please try again.',
  logoutFailed: 'Failed to logout. Please try again.',
  uploadFailed: 'Upload failed',
} as const;

export const RATE_LIMIT_TEXT = {
  title: 'Rate Limit Reached',
  duplicate: "You've sent this message too many times within 5 minutes.",
  hourly: "You've sent 50 messages. Time for a break!",
  cooldown: 'Regular members wait a little between messages in public rooms.',
  flood: "You're sending messages too fast.",
  links: "You've shared as many links as you can for now.",
  wait: (n: number) => `Please wait ${n} seconds`,
  upgrade: `Upgrade to VIP (${VIP_PRICE.amount}/${VIP_PRICE.period}) for unlimited messaging with no cooldowns.`,
  contact: 'Contact via WhatsApp',
  continue: 'Continue as Normal User',
} as const;

/** The wait the spec assumes when a 429 carries none. */
export const DEFAULT_WAIT_SECONDS = 30;

export const CLEAR_CACHE_TEXT = {
  title: 'Clear Browser Cache',
  body: 'If the chat does not load or keeps reconnecting, an old copy of the site may be stuck in your browser.',
  hardRefresh: 'Hard refresh',
  hardRefreshHint: (keys: string) => `Press ${keys} to reload the page without its cache.`,
  privateWindow: 'Or open the site in a private (incognito) window, which starts with no cache.',
  clear: 'Clear Cache & Reload',
  cancel: 'Cancel',
} as const;

// The public rooms list speaks through its catalogues (src/i18n/catalogues/*/rooms.json): its
// English words as the tests name them, read from the English catalogue.
export const ROOMS_TEXT = {
  title: plainText(roomsEnglish['rooms.title']),
  join: plainText(roomsEnglish['rooms.join']),
} as const;

export const PRIVATE_CHATS_TEXT = {
  title: 'Private Chats',
  subtitle: 'Your one-to-one conversations.',
  authDescription: 'Please sign in to see your private chats.',
  empty: 'No private chats yet',
  emptyHint: 'Click a name in a public room to start a private chat.',
  browseRooms: 'Browse Rooms',
  noMessages: 'No messages yet',
  you: 'You: ',
  deleted: 'Message deleted',
  removedByModerator: 'Message removed by a moderator',
  /** A text message's line with message previews off. */
  previewHidden: 'Message',
  delete: (name: string) => `Delete chat with ${name}`,
  confirmTitle: 'Delete this chat?',
  confirmBody: (name: string) => `Your conversation with ${name} and its messages will be deleted. This cannot be undone.`,
  confirmDelete: 'Delete Chat',
  cancelDelete: 'Cancel',
  loading: 'Loading chats...',
  loadFailed: 'Could not load your chats. Please try again.',
  retry: 'Try again',
} as const;

export const MY_CHATS_TEXT = {
  title: 'My Chats',
  subtitle: 'Your conversations with experts.',
  authDescription: 'Please sign in to see your conversations with experts.',
  section: 'Marketplace conversations',
  empty: 'No conversations with experts yet',
  emptyHint: 'Find an expert in the marketplace and start a chat.',
  browse: 'Browse Experts',
  /** An expert's own list: the buyers who wrote to them. */
  seller: {
    subtitle: 'Your conversations with buyers.',
    empty: 'No conversations with buyers yet',
    emptyHint: 'Buyers who message you from the marketplace appear here.',
    action: 'Open Seller Profile',
  },
} as const;

/** The menu on other people (a message's author, the online list). */
export const PERSON_MENU_TEXT = {
  message: (name: string) => `Message actions (${name})`,
  person: (name: string) => `Actions for ${name}`,
  messageBy: (name: string) => `Message by ${name}`,
} as const;

/** VIP-only public rooms ("exclusive VIP rooms" in the VIP offer). */
export const VIP_ROOM_TEXT = {
  badge: 'VIP',
  vipOnly: 'VIP members only',
  vipOnlyHint: 'Only VIP members, experts and moderators can enter this room.',
  locked: (name: string) => `${name} is for VIP members`,
  lockedTitle: 'This room is for VIP members',
  lockedBody: 'Upgrade to VIP to join exclusive VIP rooms, send images, GIFs and voice notes, and chat without cooldowns.',
  upgrade: 'Upgrade to VIP',
  openLocked: (name: string) => `Join Room: ${name} (VIP members only)`,
} as const;

/** Voice notes in the composer and in messages. */
export const VOICE_TEXT = {
  record: 'Record a voice note',
  locked: 'Voice notes are available to VIP members',
  title: 'Voice note',
  description: 'Record up to 2 minutes. It is sent to the room when you press Send.',
  starting: 'Waiting for the microphone...',
  recording: 'Recording',
  stoppedAtLimit: 'Stopped at the 2-minute limit.',
  recorded: 'Ready to send.',
  elapsed: (elapsed: string, max: string) => `${elapsed} / ${max}`,
  cancel: 'Cancel',
  send: 'Send',
  stop: 'Stop',
  retry: 'Try again',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  denied: 'Microphone access was blocked. Allow the microphone for this site in your browser settings, then try again.',
  noMicrophone: 'No microphone was found on this device.',
  unsupported: 'This browser cannot record audio. Try a recent Chrome, Edge or Firefox.',
  failed: 'Failed to send the voice note. Please try again.',
  player: (duration: string) => `Voice note, ${duration}`,
  preview: '🎤 Voice note',
} as const;

/** Typing indicators and @mentions. The indicator's sentences come from typingText in the contracts. */
export const MENTION_TEXT = {
  pickerLabel: 'People to mention',
  noMatches: 'No one here matches that name',
  mentionsYou: '(mentions you)',
} as const;

/** Editing and deleting one's own messages. */
export const MESSAGE_ACTS_TEXT = {
  /** Named for all it opens (reply, pin, edit, delete), as PERSON_MENU_TEXT.message names the menu on others' messages. */
  menu: 'Message actions (you)',
  edit: 'Edit message',
  delete: 'Delete message',
  edited: 'edited',
  editedAt: (when: string) => `Edited ${when}`,
  deleted: 'message deleted',
  editorLabel: 'Edit your message',
  editorHint: 'Enter to save, Escape to cancel',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  confirmTitle: 'Delete this message?',
  confirmBody: 'It will be removed for everyone in this chat. This cannot be undone.',
  confirmDelete: 'Delete',
  keep: 'Keep it',
  editFailed: 'Failed to edit the message. Please try again.',
  deleteFailed: 'Failed to delete the message. Please try again.',
} as const;

/** The card under a message that shows where its first link leads. */
export const LINK_PREVIEW_TEXT = {
  opensNewTab: '(opens in a new tab)',
  remove: (title: string) => `Remove the preview of ${title}`,
  removeFailed: 'Failed to remove the preview. Please try again.',
} as const;

/** Messages kept in the outbox until the server stores them. */
export const OUTBOX_TEXT = {
  sending: 'Sending…',
  queuedHint: 'Messages you send now go out when the connection is back.',
  notSent: 'Not sent',
  retry: 'Retry',
  discard: 'Discard',
  retryIn: (seconds: number) => `Retry in ${seconds}s`,
  pictureAlt: 'Picture being sent',
  voiceNote: 'Voice note',
} as const;

/** Reactions under a message. */
export const REACTION_TEXT = {
  add: 'Add a reaction',
  more: 'More reactions',
  listLabel: 'Reactions',
  chip: (emoji: string, count: number, names: string) => `${emoji} ${count}: ${names}`,
  names: (names: string[], count: number) => (count > names.length ? `${names.join(', ')} and ${count - names.length} more` : names.join(', ')),
  failed: 'Failed to react. Please try again.',
} as const;

/** Read receipts in private chats. */
export const SEEN_TEXT = {
  seen: (time: string) => `Seen ${time}`,
} as const;

/** Replies: the quote of the message answered, and the reply being written. */
export const REPLY_TEXT = {
  reply: 'Reply',
  replyingTo: (name: string) => `Replying to ${name}`,
  cancel: 'Cancel reply',
  goTo: (name: string) => `Go to the message by ${name}`,
  kinds: { image: 'Photo', gif: 'GIF', voice: 'Voice note' } as Record<string, string>,
} as const;

/** Pictures in messages, and the viewer that shows them large. */
export const IMAGE_VIEWER_TEXT = {
  /** The thumbnail's name: the file's name, or its kind (REPLY_TEXT.kinds) when it came without one. */
  open: (name: string) => `View full size: ${name}`,
  title: (kind: string, author: string) => `${kind} from ${author}`,
} as const;

/** Pinned messages of a public room. */
export const PIN_TEXT = {
  pin: 'Pin message',
  unpin: 'Unpin message',
  failed: 'Failed to change the pinned messages. Please try again.',
  bar: 'Pinned message',
  goTo: (name: string) => `Go to the pinned message by ${name}`,
  count: (n: number) => `${n} pinned`,
} as const;

/** A public room's information: what it is about, its rules, owner, limits and pinned messages. */
export const ROOM_INFO_TEXT = {
  open: 'Room information',
  title: (name: string) => `About ${name}`,
  rules: 'Room rules',
  owner: 'Owner',
  created: 'Created',
  slowMode: 'Slow mode',
  slowModeOn: (seconds: number) => `${seconds} seconds between messages`,
  slowModeOff: 'Off',
  images: 'Images and GIFs',
  imagesAllowed: 'Allowed',
  imagesNotAllowed: 'Not allowed',
  pinned: 'Pinned messages',
  noPins: 'No pinned messages yet.',
  loadingPins: 'Loading pinned messages…',
} as const;
