import { describeDevice } from './device';

describe('describeDevice', () => {
  it('reads the browser, system and kind of device from a User-Agent', () => {
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      os: 'Windows',
      type: 'desktop',
    });
    expect(describeDevice('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({
      browser: 'Safari',
      os: 'iOS',
      type: 'tablet',
    });
    expect(describeDevice('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')).toEqual({ browser: 'Firefox', os: 'Android', type: 'mobile' });
  });

  it('says nothing it does not know', () => {
    expect(describeDevice(undefined)).toEqual({ browser: null, os: null, type: null });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: null, os: null, type: null });
  });
});
