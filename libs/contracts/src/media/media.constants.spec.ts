import { mediaKeyOf, parseMediaKey } from './media-keys';

const ID = '0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('parseMediaKey', () => {
  it('reads a key as media-svc issues it, and writes it back the same', () => {
    const key = parseMediaKey(`chat/${ID}.gif`);
    expect(key).toEqual({ purpose: 'chat', id: ID, extension: 'gif' });
    expect(mediaKeyOf(key!)).toBe(`chat/${ID}.gif`);
  });

  it.each([
    `../chat/${ID}.gif`,
    `%2e%2e/chat/${ID}.gif`,
    `chat/../${ID}.gif`,
    `chat/${ID}.gif/..`,
    `chat/${ID}.gif?x=1`,
    `chat/${ID.toUpperCase()}.gif`,
    `secret/${ID}.gif`,
    `chat/${ID}.html`,
    `chat/${ID}`,
    `chat//${ID}.gif`,
    'uploads',
    '',
  ])('refuses %j', (key) => {
    expect(parseMediaKey(key)).toBeNull();
  });
});
