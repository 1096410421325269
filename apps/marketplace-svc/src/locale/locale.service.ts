import { Injectable } from '@nestjs/common';
import { CURRENCY_SYMBOLS, DEFAULT_COUNTRY, currencyForCountry, type LocaleDto } from '@app/contracts';
import { lookup } from 'geoip-country';
import { FxRateService } from './fx-rate.service';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The buyer's country from the country-only GeoIP database shipped with geoip-country (read
 * from the package at start, never fetched; IPv4 and IPv6), and their currency.
 */
@Injectable()
export class LocaleService {
  constructor(private readonly fx: FxRateService) {}

  async resolve(ip: string | undefined): Promise<LocaleDto> {
    const countryCode = countryOf(ip);
    const countryName = countryCode === DEFAULT_COUNTRY.countryCode ? DEFAULT_COUNTRY.countryName : (countryNames.of(countryCode) ?? countryCode);
    const currency = currencyForCountry(countryCode);
    const rate = currency === 'INR' ? await this.fx.usdToInr() : 1;
    return { countryCode, countryName, currency, rate, symbol: CURRENCY_SYMBOLS[currency] };
  }
}

function countryOf(ip: string | undefined): string {
  if (!ip) return DEFAULT_COUNTRY.countryCode;
  try {
    return lookup(ip.replace(/^::ffff:/, ''))?.country || DEFAULT_COUNTRY.countryCode;
  } catch {
    return DEFAULT_COUNTRY.countryCode;
  }
}
