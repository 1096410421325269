import { Injectable } from '@nestjs/common';
import { CURRENCY_SYMBOLS, DEFAULT_COUNTRY, currencyForCountry, type LocaleDto } from '@app/contracts';
import { countryOfAddress } from '@app/server';
import { FxRateService } from './fx-rate.service';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The buyer's country by their address (the default one when it is private or unknown), and their currency. */
@Injectable()
export class LocaleService {
  constructor(private readonly fx: FxRateService) {}

  async resolve(ip: string | undefined): Promise<LocaleDto> {
    const countryCode = (await countryOfAddress(ip)) ?? DEFAULT_COUNTRY.countryCode;
    const countryName = countryCode === DEFAULT_COUNTRY.countryCode ? DEFAULT_COUNTRY.countryName : (countryNames.of(countryCode) ?? countryCode);
    const currency = currencyForCountry(countryCode);
    const rate = currency === 'INR' ? await this.fx.usdToInr() : 1;
    return { countryCode, countryName, currency, rate, symbol: CURRENCY_SYMBOLS[currency] };
  }
}
