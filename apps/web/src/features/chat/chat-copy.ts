import type { RoomCategory } from '@app/contracts';
import chatEnglish from '@/i18n/catalogues/en/chat.json';
import roomsEnglish from '@/i18n/catalogues/en/rooms.json';
import { VIP_PRICE } from '../vip/vip-copy';
import { addEnglish, plainText, t, type MessageId } from '@/i18n/i18n';
import { spoken, withValues } from '@/i18n/spoken';

// The chat screens speak through their catalogues (src/i18n/catalogues/*/chat.json); the English
// comes with the code that shows it.
addEnglish(chatEnglish);

/** The chat screens' copy (spec points 2, 4, 5 and 8), shared by the screens and their tests. */
export const CHAT_TEXT = spoken({
  selectRoomTitle: 'chat.selectRoomTitle',
  selectRoomHint: 'chat.selectRoomHint',
  goBack: 'chat.goBack',
  joiningRoom: 'chat.joiningRoom',
  online: 'chat.online',
  connecting: 'chat.connecting',
  offline: 'chat.offline',
  reconnecting: (attempt: number) => t('chat.reconnecting', { attempt }),
  reconnect: 'chat.reconnect',
  connectionTrouble: 'chat.connectionTrouble',
  connectingToChat: 'chat.connectingToChat',
  emptyTitle: 'chat.emptyTitle',
  emptyHint: 'chat.emptyHint',
  loadingRoom: 'chat.loadingRoom',
  roomUnavailable: 'chat.roomUnavailable',
  privateChat: 'chat.privateChat',
  onlineUsers: 'chat.onlineUsers',
  personActions: 'chat.personActions',
  onlineCount: (n: number) => t('chat.onlineCount', { n }),
  presenceOnline: 'chat.presenceOnline',
  lastSeen: (ago: string) => t('chat.lastSeen', { ago }),
  joinedNotice: (username: string) => t('chat.notice.joined', { username }),
  leftNotice: (username: string) => t('chat.notice.left', { username }),
  unknownUser: 'chat.unknownUser',
  viewExpertProfile: 'chat.viewExpertProfile',
  expertPrice: (price: string) => t('chat.expertPrice', { price }),
  filterUsers: 'chat.filterUsers',
  noUsersMatch: 'chat.noUsersMatch',
  you: 'chat.you',
  privateChats: 'chat.privateChats',
  noPrivateChats: 'chat.noPrivateChats',
  unread: 'chat.unread',
  menu: 'chat.menu',
  viewProfile: 'chat.viewProfile',
  browseRooms: 'chat.browseRooms',
  createRoom: 'chat.createRoom',
  leaveRoom: 'chat.leaveRoom',
  deleteRoom: 'chat.deleteRoom',
  logout: 'chat.logout',
  upgrade: 'chat.upgrade',
  startChatWith: (name: string) => t('chat.startChatWith', { name }),
  loadOlder: 'chat.loadOlder',
  loadingOlder: 'chat.loadingOlder',
  loadOlderFailed: 'chat.loadOlderFailed',
  startOfHistory: 'chat.startOfHistory',
  guestReadOnly: 'chat.guestReadOnly',
  signUpToChat: 'chat.signUpToChat',
  messages: 'chat.messages',
});

export const COMPOSER_TEXT = spoken({
  placeholder: 'chat.composer.placeholder',
  wait: (n: number) => t('chat.composer.wait', { n }),
  send: 'chat.composer.send',
  bold: 'chat.composer.bold',
  italic: 'chat.composer.italic',
  underline: 'chat.composer.underline',
  fontSize: 'chat.composer.fontSize',
  color: 'chat.composer.color',
  emoji: 'chat.composer.emoji',
  image: 'chat.composer.image',
  gif: 'chat.composer.gif',
  uploading: 'chat.composer.uploading',
  notAnImage: 'chat.composer.notAnImage',
  formattingLocked: 'chat.composer.formattingLocked',
  field: 'chat.composer.field',
  formatting: 'chat.composer.formatting',
  uploadFallback: 'chat.composer.uploadFallback',
});

export const CREATE_ROOM_TEXT = spoken({
  title: 'chat.createRoom.title',
  description: 'chat.createRoom.description',
  name: 'chat.createRoom.name',
  namePlaceholder: 'chat.createRoom.namePlaceholder',
  roomDescription: 'chat.createRoom.roomDescription',
  category: 'chat.createRoom.category',
  maxUsers: 'chat.createRoom.maxUsers',
  rules: 'chat.createRoom.rules',
  rulesPlaceholder: 'chat.createRoom.rulesPlaceholder',
  cooldown: 'chat.createRoom.cooldown',
  allowImages: 'chat.createRoom.allowImages',
  allowGifs: 'chat.createRoom.allowGifs',
  picturesHint: 'chat.createRoom.picturesHint',
  submit: 'chat.createRoom.submit',
  submitting: 'chat.createRoom.submitting',
  cancel: 'chat.createRoom.cancel',
  errors: {
    nameRequired: 'chat.createRoom.errors.nameRequired',
    nameTooLong: 'chat.createRoom.errors.nameTooLong',
    descriptionTooLong: 'chat.createRoom.errors.descriptionTooLong',
    categoryRequired: 'chat.createRoom.errors.categoryRequired',
    maxUsers: 'chat.createRoom.errors.maxUsers',
    rulesTooLong: 'chat.createRoom.errors.rulesTooLong',
    cooldown: 'chat.createRoom.errors.cooldown',
  },
});

export const JOIN_TEXT = spoken({
  promptTitle: (room: string) => t('chat.join.promptTitle', { room }),
  promptBody: 'chat.join.promptBody',
  continueAsGuest: 'chat.join.continueAsGuest',
  joining: 'chat.join.joining',
  signUp: 'chat.join.signUp',
  haveAccount: 'chat.join.haveAccount',
  signIn: 'chat.join.signIn',
  usernameTitle: 'chat.join.usernameTitle',
  usernameBody: 'chat.join.usernameBody',
  usernameLabel: 'chat.join.usernameLabel',
  usernamePlaceholder: 'chat.join.usernamePlaceholder',
  checking: 'chat.join.checking',
  available: 'chat.join.available',
  taken: 'chat.join.taken',
  joinChat: 'chat.join.joinChat',
  cancel: 'chat.join.cancel',
});

/** Toasts of the spec (point 8), title and description. */
export const CHAT_TOASTS = spoken({
  usernameRequired: { title: 'chat.toasts.usernameRequired.title', description: 'chat.toasts.usernameRequired.description' },
  usernameTooShort: { title: 'chat.toasts.usernameTooShort.title', description: 'chat.toasts.usernameTooShort.description' },
  usernameTaken: { title: 'chat.toasts.usernameTaken.title', description: 'chat.toasts.usernameTaken.description' },
  captchaRequired: { title: 'chat.toasts.captchaRequired.title', description: 'chat.toasts.captchaRequired.description' },
  failedToJoin: { title: 'chat.toasts.failedToJoin.title', fallback: 'chat.toasts.failedToJoin.fallback' },
  roomCreated: (name: string) => ({ title: t('chat.toasts.roomCreated.title'), description: t('chat.toasts.roomCreated.description', { name }) }),
  createFailed: { title: 'chat.toasts.createFailed.title', fallback: 'chat.toasts.createFailed.fallback' },
  selfChat: { title: 'chat.toasts.selfChat.title', description: 'chat.toasts.selfChat.description' },
  startChatFailed: 'chat.toasts.startChatFailed',
  deleteChatFailed: 'chat.toasts.deleteChatFailed',
  logoutFailed: 'chat.toasts.logoutFailed',
  uploadFailed: 'chat.toasts.uploadFailed',
});

export const RATE_LIMIT_TEXT = spoken({
  title: 'chat.rateLimit.title',
  duplicate: 'chat.rateLimit.duplicate',
  hourly: 'chat.rateLimit.hourly',
  cooldown: 'chat.rateLimit.cooldown',
  flood: 'chat.rateLimit.flood',
  links: 'chat.rateLimit.links',
  wait: (n: number) => t('chat.rateLimit.wait', { n }),
  upgrade: withValues('chat.rateLimit.upgrade', { price: VIP_PRICE.amount }),
  contact: 'chat.rateLimit.contact',
  continue: 'chat.rateLimit.continue',
});

/** The wait the spec assumes when a 429 carries none. */
export const DEFAULT_WAIT_SECONDS = 30;

export const CLEAR_CACHE_TEXT = spoken({
  title: 'chat.clearCache.title',
  body: 'chat.clearCache.body',
  hardRefresh: 'chat.clearCache.hardRefresh',
  hardRefreshHint: (keys: string) => t('chat.clearCache.hardRefreshHint', { keys }),
  privateWindow: 'chat.clearCache.privateWindow',
  clear: 'chat.clearCache.clear',
  cancel: 'chat.clearCache.cancel',
});

// The public rooms list speaks through its catalogues (src/i18n/catalogues/*/rooms.json): its
// English words as the tests name them, read from the English catalogue.
addEnglish(roomsEnglish);

/** A room category's name, wherever a room shows it (the list, a room's header, the create form). */
export const ROOM_CATEGORY_TEXT = spoken({
  general: 'rooms.category.general',
  dating: 'rooms.category.dating',
  career: 'rooms.category.career',
  friendship: 'rooms.category.friendship',
  emotional: 'rooms.category.emotional',
  entertainment: 'rooms.category.entertainment',
  technology: 'rooms.category.technology',
  gaming: 'rooms.category.gaming',
  music: 'rooms.category.music',
  sports: 'rooms.category.sports',
} satisfies Record<RoomCategory, MessageId>);

export const ROOMS_TEXT = {
  title: plainText(roomsEnglish['rooms.title']),
  join: plainText(roomsEnglish['rooms.join']),
} as const;

export const PRIVATE_CHATS_TEXT = spoken({
  title: 'chat.privateChats.title',
  subtitle: 'chat.privateChats.subtitle',
  authDescription: 'chat.privateChats.authDescription',
  empty: 'chat.privateChats.empty',
  emptyHint: 'chat.privateChats.emptyHint',
  browseRooms: 'chat.privateChats.browseRooms',
  noMessages: 'chat.privateChats.noMessages',
  you: 'chat.privateChats.you',
  deleted: 'chat.privateChats.deleted',
  removedByModerator: 'chat.privateChats.removedByModerator',
  /** A text message's line with message previews off. */
  previewHidden: 'chat.privateChats.previewHidden',
  delete: (name: string) => t('chat.privateChats.delete', { name }),
  confirmTitle: 'chat.privateChats.confirmTitle',
  confirmBody: (name: string) => t('chat.privateChats.confirmBody', { name }),
  confirmDelete: 'chat.privateChats.confirmDelete',
  cancelDelete: 'chat.privateChats.cancelDelete',
  loading: 'chat.privateChats.loading',
  loadFailed: 'chat.privateChats.loadFailed',
  retry: 'chat.privateChats.retry',
});

export const MY_CHATS_TEXT = spoken({
  title: 'chat.myChats.title',
  subtitle: 'chat.myChats.subtitle',
  authDescription: 'chat.myChats.authDescription',
  section: 'chat.myChats.section',
  empty: 'chat.myChats.empty',
  emptyHint: 'chat.myChats.emptyHint',
  browse: 'chat.myChats.browse',
  /** An expert's own list: the buyers who wrote to them. */
  seller: {
    subtitle: 'chat.myChats.seller.subtitle',
    empty: 'chat.myChats.seller.empty',
    emptyHint: 'chat.myChats.seller.emptyHint',
    action: 'chat.myChats.seller.action',
  },
});

/** The menu on other people (a message's author, the online list). */
export const PERSON_MENU_TEXT = spoken({
  message: (name: string) => t('chat.personMenu.message', { name }),
  person: (name: string) => t('chat.personMenu.person', { name }),
  messageBy: (name: string) => t('chat.personMenu.messageBy', { name }),
});

/** VIP-only public rooms ("exclusive VIP rooms" in the VIP offer). */
export const VIP_ROOM_TEXT = spoken({
  badge: 'chat.vipRoom.badge',
  vipOnly: 'chat.vipRoom.vipOnly',
  vipOnlyHint: 'chat.vipRoom.vipOnlyHint',
  locked: (name: string) => t('chat.vipRoom.locked', { name }),
  lockedTitle: 'chat.vipRoom.lockedTitle',
  lockedBody: 'chat.vipRoom.lockedBody',
  upgrade: 'chat.vipRoom.upgrade',
  openLocked: (name: string) => t('chat.vipRoom.openLocked', { name }),
});

/** Voice notes in the composer and in messages. */
export const VOICE_TEXT = spoken({
  record: 'chat.voice.record',
  locked: 'chat.voice.locked',
  title: 'chat.voice.title',
  description: 'chat.voice.description',
  starting: 'chat.voice.starting',
  recording: 'chat.voice.recording',
  stoppedAtLimit: 'chat.voice.stoppedAtLimit',
  recorded: 'chat.voice.recorded',
  elapsed: (elapsed: string, max: string) => t('chat.voice.elapsed', { elapsed, max }),
  cancel: 'chat.voice.cancel',
  send: 'chat.voice.send',
  stop: 'chat.voice.stop',
  retry: 'chat.voice.retry',
  uploading: (percent: number) => t('chat.voice.uploading', { percent }),
  denied: 'chat.voice.denied',
  noMicrophone: 'chat.voice.noMicrophone',
  unsupported: 'chat.voice.unsupported',
  failed: 'chat.voice.failed',
  player: (duration: string) => t('chat.voice.player', { duration }),
  preview: 'chat.voice.preview',
});

/** Typing indicators and @mentions. The indicator's sentences come from typingText in the contracts. */
export const MENTION_TEXT = spoken({
  pickerLabel: 'chat.mention.pickerLabel',
  noMatches: 'chat.mention.noMatches',
  mentionsYou: 'chat.mention.mentionsYou',
});

/** Editing and deleting one's own messages. */
export const MESSAGE_ACTS_TEXT = spoken({
  /** Named for all it opens (reply, pin, edit, delete), as PERSON_MENU_TEXT.message names the menu on others' messages. */
  menu: 'chat.messageActs.menu',
  edit: 'chat.messageActs.edit',
  delete: 'chat.messageActs.delete',
  edited: 'chat.messageActs.edited',
  editedAt: (when: string) => t('chat.messageActs.editedAt', { when }),
  deleted: 'chat.messageActs.deleted',
  removedByModerator: 'chat.messageActs.removedByModerator',
  editorLabel: 'chat.messageActs.editorLabel',
  editorHint: 'chat.messageActs.editorHint',
  save: 'chat.messageActs.save',
  saving: 'chat.messageActs.saving',
  cancel: 'chat.messageActs.cancel',
  confirmTitle: 'chat.messageActs.confirmTitle',
  confirmBody: 'chat.messageActs.confirmBody',
  confirmDelete: 'chat.messageActs.confirmDelete',
  keep: 'chat.messageActs.keep',
  editFailed: 'chat.messageActs.editFailed',
  deleteFailed: 'chat.messageActs.deleteFailed',
});

/** The card under a message that shows where its first link leads. */
export const LINK_PREVIEW_TEXT = spoken({
  opensNewTab: 'chat.linkPreview.opensNewTab',
  remove: (title: string) => t('chat.linkPreview.remove', { title }),
  removeFailed: 'chat.linkPreview.removeFailed',
});

/** Messages kept in the outbox until the server stores them. */
export const OUTBOX_TEXT = spoken({
  sending: 'chat.outbox.sending',
  queuedHint: 'chat.outbox.queuedHint',
  notSent: 'chat.outbox.notSent',
  retry: 'chat.outbox.retry',
  discard: 'chat.outbox.discard',
  retryIn: (seconds: number) => t('chat.outbox.retryIn', { seconds }),
  pictureAlt: 'chat.outbox.pictureAlt',
  voiceNote: 'chat.outbox.voiceNote',
});

/** Reactions under a message. */
export const REACTION_TEXT = spoken({
  add: 'chat.reaction.add',
  more: 'chat.reaction.more',
  listLabel: 'chat.reaction.listLabel',
  chip: (emoji: string, count: number, names: string) => t('chat.reaction.chip', { emoji, count, names }),
  names: (names: string[], count: number) => (count > names.length ? t('chat.reaction.namesAndMore', { names: names.join(', '), more: count - names.length }) : names.join(', ')),
  failed: 'chat.reaction.failed',
});

/** Read receipts in private chats. */
export const SEEN_TEXT = spoken({
  seen: (time: string) => t('chat.seen.seen', { time }),
});

/** Replies: the quote of the message answered, and the reply being written. */
export const REPLY_TEXT = spoken({
  reply: 'chat.reply.reply',
  replyingTo: (name: string) => t('chat.reply.replyingTo', { name }),
  cancel: 'chat.reply.cancel',
  goTo: (name: string) => t('chat.reply.goTo', { name }),
  kinds: { image: 'chat.reply.kinds.image', gif: 'chat.reply.kinds.gif', voice: 'chat.reply.kinds.voice' } as Record<string, MessageId>,
});

/** Pictures in messages, and the viewer that shows them large. */
export const IMAGE_VIEWER_TEXT = spoken({
  /** The thumbnail's name: the file's name, or its kind (REPLY_TEXT.kinds) when it came without one. */
  open: (name: string) => t('chat.imageViewer.open', { name }),
  title: (kind: string, author: string) => t('chat.imageViewer.title', { kind, author }),
});

/** Pinned messages of a public room. */
export const PIN_TEXT = spoken({
  pin: 'chat.pin.pin',
  unpin: 'chat.pin.unpin',
  failed: 'chat.pin.failed',
  bar: 'chat.pin.bar',
  goTo: (name: string) => t('chat.pin.goTo', { name }),
  count: (n: number) => t('chat.pin.count', { n }),
});

/** A public room's information: what it is about, its rules, owner, limits and pinned messages. */
export const ROOM_INFO_TEXT = spoken({
  open: 'chat.roomInfo.open',
  title: (name: string) => t('chat.roomInfo.title', { name }),
  rules: 'chat.roomInfo.rules',
  owner: 'chat.roomInfo.owner',
  created: 'chat.roomInfo.created',
  slowMode: 'chat.roomInfo.slowMode',
  slowModeOn: (seconds: number) => t('chat.roomInfo.slowModeOn', { seconds }),
  slowModeOff: 'chat.roomInfo.slowModeOff',
  images: 'chat.roomInfo.images',
  gifs: 'chat.roomInfo.gifs',
  allowed: 'chat.roomInfo.allowed',
  notAllowed: 'chat.roomInfo.notAllowed',
  pinned: 'chat.roomInfo.pinned',
  noPins: 'chat.roomInfo.noPins',
  loadingPins: 'chat.roomInfo.loadingPins',
});
