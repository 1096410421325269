/// <reference types="vite/client" />

/** The emoji picker's groups, computed from emojibase's data at build time (see vite.config.ts). */
declare module 'virtual:emoji-groups' {
  // An ambient module cannot import by a relative path; an import() type can.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const groups: import('./features/chat/emoji-set').EmojiGroup[];
  export default groups;
}
