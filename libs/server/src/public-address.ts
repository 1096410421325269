import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/**
 * Whether an address is one of the public internet's: not loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved or unspecified (an IPv4 address inside IPv6 is judged
 * as the IPv4 address it is). What the server fetches on someone's say-so must go only there.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

/**
 * A DNS lookup for sockets (http.Agent's `lookup`) that refuses a name resolving to any address
 * that is not public. Checked at connection time, after every resolution (redirects too), so a
 * name that resolved to a public address once cannot be rebound to a private one in between.
 * Every address of the answer must be public: a socket that tries them in turn (happy eyeballs)
 * could otherwise fall through to a private one. Literal IP hosts never reach a lookup: check
 * them with isPublicAddress as well. `resolve` is the resolver asked (the system's by default).
 */
export function publicOnly(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, answer) => {
      const addresses = answer as unknown as LookupAddress[];
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) return callback(new PrivateAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** publicOnly with the system's resolver. */
export const publicOnlyLookup: LookupFunction = publicOnly();
