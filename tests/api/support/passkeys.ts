import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '@app/testing';
import type { ApiResponse } from './gateway-harness';

interface Poster {
  post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

/** Adds a passkey for the signed-in client, as Settings does: the device's authenticator is a software one here. */
export async function addPasskey(client: Poster, authenticator: SoftAuthenticator, name = 'Laptop'): Promise<{ id: number; credentialId: string }> {
  const options = await client.post<CreationOptions>('/api/users/me/passkeys/registration-options');
  if (options.status !== 200) throw new Error(`passkey options refused: ${options.status} ${JSON.stringify(options.body)}`);
  const response = authenticator.register(options.body);
  const added = await client.post<{ id: number }>('/api/users/me/passkeys', { name, response });
  if (added.status !== 201) throw new Error(`passkey refused: ${added.status} ${JSON.stringify(added.body)}`);
  return { id: added.body.id, credentialId: response.id };
}

/** Signs the client in anew with a passkey on this authenticator: a session opened with a second factor. */
export async function signInWithPasskey(client: Poster, authenticator: SoftAuthenticator): Promise<void> {
  const started = await client.post<{ attempt: string; options: RequestOptions }>('/api/auth/passkey/options', {});
  if (started.status !== 200) throw new Error(`passkey sign-in options refused: ${started.status} ${JSON.stringify(started.body)}`);
  const done = await client.post('/api/auth/passkey', { attempt: started.body.attempt, response: authenticator.signIn(started.body.options) });
  if (done.status !== 200) throw new Error(`passkey sign-in refused: ${done.status} ${JSON.stringify(done.body)}`);
}
