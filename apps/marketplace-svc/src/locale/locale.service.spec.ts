import { LocaleService } from './locale.service';
import type { FxRateService } from './fx-rate.service';

describe('LocaleService', () => {
  const locale = new LocaleService({ usdToInr: async () => 83.25 } as unknown as FxRateService);
  const country = async (ip?: string) => (await locale.resolve(ip)).countryCode;

  it('finds the country of IPv4 and IPv6 addresses, also IPv4 written as IPv6', async () => {
    expect(await country('49.36.0.1')).toBe('IN');
    expect(await country('::ffff:49.36.0.1')).toBe('IN');
    expect(await country('8.8.8.8')).toBe('US');
    expect(await country('2001:4860:4860::8888')).toBe('US');
    expect(await country('81.2.69.142')).toBe('GB');
  });

  it('answers the default country for a private, unknown or malformed address', async () => {
    for (const ip of [undefined, '', '127.0.0.1', '10.1.2.3', '::1', 'not an address']) expect(await country(ip)).toBe('US');
  });

  it('prices India in rupees at the provider rate and everyone else in dollars', async () => {
    expect(await locale.resolve('49.36.0.1')).toEqual({ countryCode: 'IN', countryName: 'India', currency: 'INR', rate: 83.25, symbol: '₹' });
    expect(await locale.resolve('81.2.69.142')).toEqual({ countryCode: 'GB', countryName: 'United Kingdom', currency: 'USD', rate: 1, symbol: '$' });
  });
});
