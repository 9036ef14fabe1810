// The key a per-address rate limit counts under. An IPv4 address is one client;
// an IPv6 client usually holds a whole /64 (and can rotate through it at will),
// so IPv6 addresses count by their first 64 bits. request.ip already honours
// only the configured proxy hops (TRUST_PROXY).
import { isIPv6 } from 'node:net';

/** '2001:db8:1:2:aaaa::1' → '2001:db8:1:2::/64'; IPv4 (also IPv4-mapped IPv6) as it is. */
export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip)
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' expanded (a zone id dropped). */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.toLowerCase().split('%');
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}
