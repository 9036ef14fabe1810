// Which addresses the picture proxy may connect to: public unicast ones only,
// so that a feed (or a picture server's redirect, or its DNS) cannot make this
// server reach the loopback, the private network or a cloud metadata service.
// The check runs on the addresses DNS returns, inside the connection's own
// lookup, so the address checked is the address connected to.
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** DNS as the proxy sees it: every address a host name has. Tests replace it. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** The host of `url` for a log line (never its path or credentials), or null. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is not a public address (${address})`);
    this.name = 'RefusedAddress';
  }
}

export interface AddressPolicy {
  allows(address: string): boolean;
}

/**
 * Public unicast addresses (ipaddr.js's 'unicast' range; an IPv4-mapped IPv6
 * address is judged as the IPv4 address it maps), plus `extraRanges` (CIDR):
 * an opt-in for tests, which only have the loopback. Nothing in the
 * environment sets it.
 */
export function addressPolicy(extraRanges: readonly string[] = []): AddressPolicy {
  const extra = extraRanges.map((range) => ipaddr.parseCIDR(range));
  return {
    allows(address) {
      if (!ipaddr.isValid(address)) return false;
      const ip = ipaddr.process(address);
      if (ip.range() === 'unicast') return true;
      return extra.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
    },
  };
}

/** URL.hostname of an IP literal ('[::1]' for IPv6) as an address, else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/**
 * A `lookup` for node:http(s) that resolves with `resolve`, keeps the allowed
 * addresses only, and fails with RefusedAddress when none is left. (Node skips
 * the lookup for an IP literal: check those with `literalAddress` first.)
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const allowed = found.filter((a) => (!options.family || a.family === options.family) && policy.allows(a.address));
        if (!allowed.length) {
          const first = found[0]?.address ?? 'no address';
          return callback(new RefusedAddress(hostname, first) as NodeJS.ErrnoException, '', 0);
        }
        if (options.all) return (callback as (err: null, addresses: dns.LookupAddress[]) => void)(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
