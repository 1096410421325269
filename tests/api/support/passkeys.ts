import { SoftAuthenticator, type CreationOptions } from '@app/testing';
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
