import { createHmac } from 'node:crypto';
import { iceServersFor, urlList } from './ice-servers';

const NOW = new Date('2026-03-02T09:00:00.000Z');

describe('ICE servers', () => {
  it('hands TURN credentials by the TURN REST scheme: <expiry>:<userId> and base64 HMAC-SHA1 of it', () => {
    const secret = 'a-shared-secret-of-some-length';
    const answer = iceServersFor(42, { stunUrls: ['stun:turn.example.com:3478'], turnUrls: ['turn:turn.example.com:3478?transport=udp'], turnSecret: secret, ttlSeconds: 3600 }, NOW);
    const expiry = NOW.getTime() / 1000 + 3600;
    expect(answer).toEqual({
      ttlSeconds: 3600,
      iceServers: [
        { urls: ['stun:turn.example.com:3478'] },
        {
          urls: ['turn:turn.example.com:3478?transport=udp'],
          username: `${expiry}:42`,
          credential: createHmac('sha1', secret).update(`${expiry}:42`).digest('base64'),
        },
      ],
    });
  });

  it('gives only STUN, or nothing at all, when no TURN server is configured', () => {
    expect(iceServersFor(42, { stunUrls: ['stun:stun.example.com:3478'], turnUrls: [], turnSecret: '', ttlSeconds: 60 }, NOW).iceServers).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
    ]);
    expect(iceServersFor(42, { stunUrls: [], turnUrls: [], turnSecret: '', ttlSeconds: 60 }, NOW).iceServers).toEqual([]);
  });

  it('reads comma separated URL lists', () => {
    expect(urlList(' turn:a:3478?transport=udp, turns:a:5349 ,')).toEqual(['turn:a:3478?transport=udp', 'turns:a:5349']);
    expect(urlList('')).toEqual([]);
  });
});
