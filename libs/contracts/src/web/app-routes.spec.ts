import { isAppRoute } from './app-routes';

describe('isAppRoute', () => {
  it.each(['/', '/marketplace', '/marketplace/', '/chat', '/chat/abc-123', '/seller/42', '/rooms', '/public-rooms'])('knows %s', (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each(['/nope', '/chat/a/b', '/seller', '/seller/1/2', '/marketplacex', '/%E0%A4%A'])('does not know %s', (path) => {
    expect(isAppRoute(path)).toBe(false);
  });
});
