import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * The device's own authenticator, as Chromium emulates it through the DevTools protocol: a
 * platform authenticator (CTAP2, built in) that keeps discoverable passkeys and verifies its
 * person (fingerprint or PIN), answering at once as if they touched it.
 */
export async function deviceAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A browser that cannot offer passkeys in a field's autofill: only the button asks for one. */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}
