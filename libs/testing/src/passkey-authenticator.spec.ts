import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { SoftAuthenticator } from './passkey-authenticator';

const origin = 'http://localhost:4123';
const rpID = 'localhost';

/** The software authenticator is only worth its tests if a real verifier takes its answers, and refuses them altered. */
describe('the software authenticator', () => {
  async function registered() {
    const authenticator = new SoftAuthenticator(origin);
    const options = await generateRegistrationOptions({ rpName: 'Test', rpID, userName: 'someone', userID: new Uint8Array([1, 2, 3]) });
    const response = authenticator.register(options);
    const verification = await verifyRegistrationResponse({ response, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID });
    if (!verification.verified) throw new Error('not verified');
    return { authenticator, credential: verification.registrationInfo.credential, userID: options.user.id };
  }

  it('registers a passkey a verifier accepts, with user verification and its transport', async () => {
    const { authenticator, credential, userID } = await registered();
    expect(credential.id).toBe(authenticator.passkeys[0].id);
    expect(credential.counter).toBe(0);
    expect(credential.transports).toEqual(['internal']);
    expect(authenticator.passkeys[0].userHandle).toBe(userID);
  });

  it('signs in with a counter one higher each time, and a verifier refuses an altered answer', async () => {
    const { authenticator, credential } = await registered();
    const options = await generateAuthenticationOptions({ rpID });
    const answer = authenticator.signIn(options);
    const verified = await verifyAuthenticationResponse({ response: answer, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID, credential });
    expect(verified).toMatchObject({ verified: true, authenticationInfo: { newCounter: 1, userVerified: true } });

    const next = authenticator.signIn(options, { origin: 'http://localhost:9999' });
    await expect(verifyAuthenticationResponse({ response: next, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID, credential })).rejects.toThrow(/origin/i);
    const unverified = authenticator.signIn(options, { userVerified: false });
    await expect(verifyAuthenticationResponse({ response: unverified, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID, credential })).rejects.toThrow(/verif/i);
    const forged = { ...answer, response: { ...answer.response, signature: authenticator.signIn(options).response.signature } };
    expect((await verifyAuthenticationResponse({ response: forged, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID, credential })).verified).toBe(false);
  });
});
