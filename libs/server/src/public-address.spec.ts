import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from './public-address';

describe('public addresses', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.5', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not an address'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['8.8.8.8', '142.250.74.46', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a name that resolves to this machine, whether one address or all are asked for', async () => {
    for (const all of [false, true]) {
      const error = await new Promise((resolve) => publicOnlyLookup('localhost', { all }, resolve));
      expect(error).toBeInstanceOf(PrivateAddressError);
    }
  });
});
