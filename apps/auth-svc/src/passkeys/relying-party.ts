import { isIP } from 'node:net';

/** Where passkeys are made and used: the domain they belong to and the origins pages ask from. */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

interface RelyingPartyEnv {
  PUBLIC_ORIGIN: string;
  PASSKEY_RP_ID: string;
  PASSKEY_ORIGINS: string;
}

/**
 * The relying party from the environment: PASSKEY_RP_ID, else PUBLIC_ORIGIN's host name;
 * PASSKEY_ORIGINS (comma separated), else PUBLIC_ORIGIN. Browsers make and use a passkey only
 * on a secure page of the RP ID's domain, so each origin must be https (or http on localhost)
 * on that domain or under it, and the RP ID a domain name, never an IP address.
 */
export function relyingParty(env: RelyingPartyEnv): RelyingParty {
  const origins = (env.PASSKEY_ORIGINS.trim() ? env.PASSKEY_ORIGINS : env.PUBLIC_ORIGIN)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const rpId = env.PASSKEY_RP_ID.trim().toLowerCase() || hostOf(env.PUBLIC_ORIGIN) || '';
  return { rpId, origins };
}

/** Why this configuration cannot work in a browser, or null when it can. */
export function relyingPartyProblem(env: RelyingPartyEnv): string | null {
  const { rpId, origins } = relyingParty(env);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId) || isIP(rpId) !== 0) {
    // A site reached by an IP address alone can have no passkeys; localhost still can.
    return `PASSKEY_RP_ID must be a domain name such as chat.example.com (not an address); it is "${rpId}". A site without one sets PASSKEY_RP_ID=localhost and PASSKEY_ORIGINS=http://localhost:<port>`;
  }
  if (origins.length === 0) return 'PASSKEY_ORIGINS must name at least one origin';
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return `PASSKEY_ORIGINS: "${origin}" is not an origin such as https://chat.example.com`;
    }
    if (url.origin !== origin) return `PASSKEY_ORIGINS: "${origin}" must be an origin alone (scheme, host and port), such as ${url.origin}`;
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
    if (!secure) return `PASSKEY_ORIGINS: "${origin}" must be https (plain http works only at localhost)`;
    if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) return `PASSKEY_ORIGINS: "${origin}" is not on the passkeys' domain ${rpId}`;
  }
  return null;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}
