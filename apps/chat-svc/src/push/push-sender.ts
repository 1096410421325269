import { Injectable, Logger } from '@nestjs/common';
import { PrivateAddressError, isPublicAddress, parseOrigins, publicOnlyLookup } from '@app/server';
import { lookup as dnsLookup } from 'node:dns';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import webpush, { WebPushError, type Urgency } from 'web-push';
import { ChatEnv } from '../config/chat-env';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  /** How long the push service keeps it for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency: Urgency;
  /** A newer push with the same topic replaces one the push service still holds. */
  topic: string;
}

/** sent; gone: the push service no longer knows the subscription (404, 410); failed: try again next time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

const SEND_TIMEOUT_MS = 10_000;

/**
 * Web Push on the wire (web-push: VAPID signing and RFC 8291 encryption), to push services on
 * public addresses only: the endpoint is the browser's word, so it could name anything. The
 * agent's lookup refuses names resolving to private addresses at every connection.
 */
@Injectable()
export class PushSender {
  private readonly logger = new Logger(PushSender.name);
  private readonly agent: Agent;
  /** The operator's private push services, by origin: their host on another port is no push service. */
  private readonly privateOrigins: Set<string>;
  private readonly privateHosts: Set<string>;
  readonly publicKey: string | null;

  constructor(private readonly env: ChatEnv) {
    this.publicKey = env.VAPID_PUBLIC_KEY || null;
    this.privateOrigins = parseOrigins(env.PUSH_PRIVATE_ORIGINS);
    this.privateHosts = new Set([...this.privateOrigins].map((origin) => bareHost(new URL(origin))));
    // The operator's private push services resolve as they are; every other name must resolve publicly.
    const lookup: LookupFunction = (hostname, options, callback) =>
      this.privateHosts.has(hostname) ? (dnsLookup as LookupFunction)(hostname, options, callback) : publicOnlyLookup(hostname, options, callback);
    this.agent = new Agent({
      keepAlive: true,
      lookup,
      ...(env.PUSH_CA_FILE ? { ca: [...rootCertificates, readFileSync(env.PUSH_CA_FILE, 'utf8')] } : {}),
    });
  }

  /** An https endpoint whose host is public, or one of the operator's private push services. */
  allows(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    if (this.privateOrigins.has(url.origin)) return true;
    const host = bareHost(url);
    // Its lookup lets a private service's host resolve privately: on any other port, it is no push service.
    if (this.privateHosts.has(host)) return false;
    return isIP(host) ? isPublicAddress(host) : host !== 'localhost' && !host.endsWith('.localhost');
  }

  async send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome> {
    if (!this.publicKey) return 'failed';
    if (!this.allows(target.endpoint)) return 'gone';
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject: this.env.VAPID_SUBJECT, publicKey: this.publicKey, privateKey: this.env.VAPID_PRIVATE_KEY },
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        topic: delivery.topic,
        agent: this.agent,
        timeout: SEND_TIMEOUT_MS,
      });
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      // A name that resolves to a private address will not change its mind: the subscription goes.
      if (error instanceof PrivateAddressError) return 'gone';
      this.logger.warn(`Push to ${new URL(target.endpoint).host} failed: ${(error as Error).message}`);
      return 'failed';
    }
  }
}

/** A URL's host without the brackets of an IPv6 address, as DNS and isIP read it. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}
