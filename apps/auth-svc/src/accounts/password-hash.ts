import * as argon2 from 'argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes): every password hash of the service. */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
