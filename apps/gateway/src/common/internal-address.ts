import { isIP } from 'node:net';

/**
 * Loopback and private-range addresses: this machine, the compose network, an operator's LAN.
 * The client address comes from the socket or, behind the load balancer, from the trusted
 * X-Forwarded-For hop (TRUST_PROXY_HOPS), so a visitor cannot claim one.
 */
export function isInternalAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/, '');
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd');
  }
  return false;
}
