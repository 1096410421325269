import { Encoder } from 'cbor-x';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The parts of WebAuthn's creation and request options an authenticator reads (PublicKeyCredential*OptionsJSON). */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: Array<{ id: string }>;
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

/** A passkey the authenticator holds: its private key never leaves it. */
export interface HeldPasskey {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** What a page's origin and the person would change about one answer, for tests of what the server must refuse. */
export interface Ceremony {
  /** The page's origin the browser writes into clientDataJSON (the site's own by default). */
  origin?: string;
  /** The RP ID whose hash the authenticator signs (the options' by default): a page of another site asking. */
  rpId?: string;
  /** The challenge signed (the options' by default). */
  challenge?: string;
  /** Whether the person proved who they are (PIN, fingerprint): true by default. */
  userVerified?: boolean;
}

export interface AssertionCeremony extends Ceremony {
  /** Which held passkey answers (the first for the RP ID by default, as a browser lets the person pick). */
  credentialId?: string;
  /** The signature counter to report instead of the next one (a cloned or replayed authenticator). */
  counter?: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 };

/** Integer map keys stay integers, byte strings stay untagged: CTAP2's canonical shapes. */
const cbor = new Encoder({ mapsAsObjects: false, useRecords: false, tagUint8Array: false });

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/**
 * A software authenticator, as a phone's or a laptop's built-in one behaves: resident (discoverable)
 * ES256 passkeys with user verification, "none" attestation, a signature counter that grows with
 * each use. It answers real WebAuthn JSON (RegistrationResponseJSON, AuthenticationResponseJSON)
 * that a server verifies with its real cryptography. `origin` is the page the browser shows.
 */
export class SoftAuthenticator {
  readonly passkeys: HeldPasskey[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new key pair for the RP, answered as the browser's toJSON() gives it. */
  register(options: CreationOptions, ceremony: Ceremony = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor.encode(
      new Map<number, number | Buffer>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, Buffer.from(jwk.x as string, 'base64url')],
        [COSE.y, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(ceremony.rpId ?? rpId, FLAG_ATTESTED_DATA | this.userFlags(ceremony), 0),
      Buffer.alloc(16), // AAGUID: an unnamed authenticator
      idLength,
      credentialId,
      coseKey,
    ]);
    const attestationObject = cbor.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const held: HeldPasskey = { id: b64url(credentialId), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.passkeys.push(held);
    return {
      id: held.id,
      rawId: held.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', ceremony.challenge ?? options.challenge, ceremony),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): the chosen passkey signs the challenge, its counter one higher each time. */
  signIn(options: RequestOptions, ceremony: AssertionCeremony = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.length ? new Set(options.allowCredentials.map((c) => c.id)) : null;
    const held = this.passkeys.find(
      (p) => (ceremony.credentialId ? p.id === ceremony.credentialId : p.rpId === rpId) && (!allowed || allowed.has(p.id)),
    );
    if (!held) throw new Error(`No passkey for ${rpId} on this authenticator`);
    held.counter = ceremony.counter ?? held.counter + 1;
    const authData = this.authDataHead(ceremony.rpId ?? rpId, this.userFlags(ceremony), held.counter);
    const clientDataJSON = this.clientData('webauthn.get', ceremony.challenge ?? options.challenge, ceremony);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), held.privateKey);
    return {
      id: held.id,
      rawId: held.id,
      type: 'public-key' as const,
      response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature), userHandle: held.userHandle },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  private userFlags(ceremony: Ceremony): number {
    return FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  /** rpIdHash (32 bytes), flags (1), signCount (4, big-endian). */
  private authDataHead(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false })));
  }
}
