/**
 * The values that are moments: a code carries them as ISO times, which the English writes as a
 * moderation time ("3 December 2026, 14:05 UTC") and a client in the reader's language. Apart
 * from the table of messages, so that a page wording a refusal does not carry every English one.
 */
export const MOMENT_PARAMS: readonly string[] = ['until'];
