import { Injectable, Logger } from '@nestjs/common';
import { PrivateAddressError, isPublicAddress, publicOnlyLookup } from '@app/server';
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
  private readonly privateHosts: Set<string>;
  readonly publicKey: string | null;

  constructor(private readonly env: ChatEnv) {
    this.publicKey = env.VAPID_PUBLIC_KEY || null;
    this.privateHosts = new Set(
      env.PUSH_PRIVATE_ORIGINS.split(',')
        .filter(Boolean)
        .map((origin) => new URL(origin).hostname.replace(/^\[|\]$/g, '')),
    );
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
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (this.privateHosts.has(host)) return true;
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
