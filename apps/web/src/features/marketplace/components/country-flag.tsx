import { useFormatLocale } from '@/i18n/use-text';

/** Drawn flags: emoji flags show as letters on some systems (Windows, many Linux desktops). */
export type CountryFlagProps = { currency: string };

export function CountryFlag({ currency }: CountryFlagProps) {
  // The country's name in the language spoken, from Intl rather than a catalogue.
  const country = new Intl.DisplayNames([useFormatLocale()], { type: 'region' });
  if (currency === 'INR') {
    return (
      <svg viewBox="0 0 24 16" className="h-3 w-[18px] rounded-[2px] border" role="img" aria-label={country.of('IN')}>
        <rect width="24" height="16" fill="#fff" />
        <rect width="24" height="5.33" fill="#FF9933" />
        <rect y="10.67" width="24" height="5.33" fill="#138808" />
        <circle cx="12" cy="8" r="2.2" fill="none" stroke="#000080" strokeWidth="0.6" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 16" className="h-3 w-[18px] rounded-[2px] border" role="img" aria-label={country.of('US')}>
      <rect width="24" height="16" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((row) => (
        <rect key={row} y={(row * 16) / 13} width="24" height={16 / 13} fill="#B22234" />
      ))}
      <rect width="10" height="8.6" fill="#3C3B6E" />
    </svg>
  );
}
