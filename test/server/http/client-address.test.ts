import t from 'tap';
import { rateLimitKey } from '../../../src/server/http/client-address.ts';

t.test('per-address limits count an IPv6 client by its /64', async (t) => {
  t.equal(rateLimitKey('203.0.113.7'), '203.0.113.7');
  t.equal(rateLimitKey('::ffff:203.0.113.7'), '203.0.113.7', 'IPv4-mapped');
  t.equal(rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  t.equal(rateLimitKey('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  t.equal(rateLimitKey('2001:0db8:0001:0002:0:0:0:9'), '2001:db8:1:2::/64', 'leading zeros');
  t.equal(rateLimitKey('2001:DB8:1:2::FFFF'), '2001:db8:1:2::/64', 'case');
  t.equal(rateLimitKey('2001:db8::1'), '2001:db8:0:0::/64');
  t.equal(rateLimitKey('::1'), '0:0:0:0::/64');
  t.equal(rateLimitKey('fe80::1%eth0'), 'fe80:0:0:0::/64', 'zone id');
  t.not(rateLimitKey('2001:db8:1:2::1'), rateLimitKey('2001:db8:1:3::1'), 'another /64 is another client');
});
