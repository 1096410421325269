import 'reflect-metadata';
import { AuthPatterns, type UserRole } from '@app/contracts';
import { eventually, uniqueName, sellerApplication } from '@app/testing';
// The real accounts, marketplace and chat services: the seller role crosses all three.
import { ApiClient, type AuthStack } from './auth-stack';
import { startProductStack } from './support/product-stack';
import { enterRoom } from './support/room-socket';
import { enrolAndSignInWithCode } from './support/two-step';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startProductStack({ LOG_LEVEL: 'silent' });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function member(role?: Exclude<UserRole, 'guest'>): Promise<ApiClient> {
  const c = new ApiClient(stack);
  const username = uniqueName('seller');
  const { body } = await c.register({ username, email: `${username}@example.com` });
  if (role) {
    await stack.rpc.request(AuthPatterns.SetRole, { userId: body.user.id, role });
    await roleBecomes(c, role);
    // The desk (verifying sellers) is for moderators signed in with a second factor.
    if (role === 'moderator') await enrolAndSignInWithCode(c, username);
  }
  return c;
}

const roleOf = async (c: ApiClient) => (await c.get('/api/users/me')).body.role as UserRole;

async function roleBecomes(c: ApiClient, role: UserRole): Promise<void> {
  await eventually(async () => expect(await roleOf(c)).toBe(role));
}

describe('the seller role follows the moderators, not the application form', () => {
  it('keeps a pending or rejected applicant inside the regular limits, and lifts them only once verified', async () => {
    const moderator = await member('moderator');
    const room = await moderator.post('/api/rooms', { name: uniqueName('Lounge'), category: 'general', description: 'Open to all' });
    expect(room.status).toBe(201);
    const send = (c: ApiClient, content: string) => c.post(`/api/rooms/${room.body.id}/messages`, { content });
    const decide = async (sellerId: number, decision: 'verify' | 'reject') => {
      const body = decision === 'reject' ? { reason: 'Please add your certifications' } : {};
      expect((await moderator.post(`/api/sellers/${sellerId}/${decision}`, body)).status).toBe(200);
    };

    const applicant = await member();
    const roomPage = await enterRoom(stack, applicant, room.body.id);
    const applied = await applicant.post('/api/sellers/register', sellerApplication());
    expect(applied.status).toBe(201);
    // A sync point: another applicant verified after this one has become a seller, so the
    // accounts service has handled the first application's event as well.
    const control = await member();
    const controlApplied = await control.post('/api/sellers/register', sellerApplication({ displayName: 'Control Casey' }));
    await decide(controlApplied.body.id, 'verify');
    await roleBecomes(control, 'seller');

    expect(await roleOf(applicant)).toBe('user');
    expect((await send(applicant, 'first words')).status).toBe(201);
    const limited = await send(applicant, 'second words');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limit' });
    expect((await applicant.post('/api/rooms', { name: uniqueName('Mine'), category: 'general' })).status).toBe(403);

    await decide(applied.body.id, 'verify');
    await roleBecomes(applicant, 'seller');
    expect((await send(applicant, 'now a verified expert')).status).toBe(201);
    expect((await send(applicant, 'and again at once')).status).toBe(201);

    await decide(applied.body.id, 'reject');
    await roleBecomes(applicant, 'user');
    // Limited again: of two sends in a row the second is refused, whatever the first met.
    await send(applicant, 'back to the regular pace');
    expect((await send(applicant, 'too soon')).status).toBe(429);
    roomPage.close();
  });

  it('gives a vip applicant back the vip role when the verification is withdrawn', async () => {
    const moderator = await member('moderator');
    const vip = await member('vip');
    const applied = await vip.post('/api/sellers/register', sellerApplication({ displayName: 'Vip Valerie' }));
    expect((await moderator.post(`/api/sellers/${applied.body.id}/verify`, {})).status).toBe(200);
    await roleBecomes(vip, 'seller');
    expect((await moderator.post(`/api/sellers/${applied.body.id}/reject`, { reason: 'Licence expired' })).status).toBe(200);
    await roleBecomes(vip, 'vip');
  });
});
