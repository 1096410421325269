import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@app/contracts';

// The browser side of passkeys is fetched the first time someone adds or uses one: no page
// carries it in its first JavaScript (the landing page least of all).
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all (every current one can; very old ones and some embedded views cannot). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the device for a new passkey; answers what the browser gave, as JSON for the server. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await webauthn();
  return startRegistration({ optionsJSON });
}

/**
 * Asks the device to sign in with one of this site's passkeys (the person picks it). With
 * `autofill`, the browser offers them in the username field's suggestions instead of a prompt,
 * and waits there until one is picked or another request takes over.
 */
export async function getPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON, { autofill = false } = {}) {
  const { startAuthentication } = await webauthn();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Whether the browser can offer passkeys among a field's autofill suggestions (asked without loading the library). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const credential = window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> };
  if (typeof credential.isConditionalMediationAvailable !== 'function') return false;
  return credential.isConditionalMediationAvailable().catch(() => false);
}

/** Ends a passkey request still waiting (an autofill offer when its form goes away). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await webauthn();
  WebAuthnAbortService.cancelCeremony();
}

/** Why the browser gave no passkey: the person closed its prompt, or the device has one for this account already. */
export function passkeyRefusal(error: unknown): 'cancelled' | 'registered' | 'failed' {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'registered';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  return 'failed';
}
