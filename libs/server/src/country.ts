/**
 * The country (ISO 3166 code) of a client address by the country-only GeoIP database shipped
 * with geoip-country (read from the package, never fetched; IPv4 and IPv6, IPv4 written as IPv6
 * too); null for private, unknown or malformed addresses. The package reads its 8 MB of data
 * when first loaded, so only services that look an address up pay for it.
 */
export async function countryOfAddress(ip: string | undefined): Promise<string | null> {
  if (!ip) return null;
  const { lookup } = await import('geoip-country');
  try {
    return lookup(ip.replace(/^::ffff:/, ''))?.country || null;
  } catch {
    return null;
  }
}
