// Password hashing: a PHC string naming scrypt's parameters, verified in
// constant time at the parameters it names, upgraded when they change; the
// common-password list; and the cheap cost only where a test asks for it.
import t from 'tap';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  scryptParams,
  verifyPassword,
} from '../../../src/server/services/accounts/passwords.ts';
import { loadConfig } from '../../../src/server/config.ts';

t.test('hash and verify', async (t) => {
  const cheap = scryptParams(10);
  const hash = await hashPassword('correct horse battery staple', cheap);
  t.match(hash, /^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  t.not(await hashPassword('correct horse battery staple', cheap), hash, 'a fresh salt each time');
  t.ok(await verifyPassword('correct horse battery staple', hash));
  t.notOk(await verifyPassword('correct horse battery stapl', hash));
  t.notOk(await verifyPassword('', hash));
  t.ok(
    await verifyPassword('cafe\u0301 au lait au bord', await hashPassword('café au lait au bord', cheap)),
    'NFKC: the same characters typed differently',
  );
  for (const bad of [
    '',
    'plain',
    '$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '$argon2id$v=19$m=1,t=1,p=1$x$y',
  ]) {
    t.notOk(await verifyPassword('x', bad), `a malformed or out-of-bounds hash never verifies: ${bad.slice(0, 20)}`);
  }
  t.notOk(needsRehash(hash, cheap));
  t.ok(needsRehash(hash, scryptParams(11)), 'a raised cost asks for a new hash');
});

t.test("OWASP's cost: N = 2^17 fits in maxmem", async (t) => {
  const hash = await hashPassword('a long enough password', scryptParams(17));
  t.match(hash, /^\$scrypt\$ln=17,r=8,p=1\$/);
  t.ok(await verifyPassword('a long enough password', hash));
});

t.test('the most common passwords', async (t) => {
  for (const p of ['123456', 'password', 'qwertyuiop', '1234567890', 'Password123', 'QWERTYUIOP']) t.ok(isCommonPassword(p), p);
  for (const p of ['correct horse battery staple', 'Altea sunsets 2025!']) t.notOk(isCommonPassword(p), p);
});

t.test('a cost below 17 only with NODE_ENV=test', async (t) => {
  t.equal(loadConfig({}).SCRYPT_LOG_N, 17, 'the default');
  t.equal(loadConfig({ NODE_ENV: 'test', SCRYPT_LOG_N: '10' }).SCRYPT_LOG_N, 10);
  t.throws(() => loadConfig({ SCRYPT_LOG_N: '10' }), /SCRYPT_LOG_N below 17 is allowed only with NODE_ENV=test/);
  t.throws(() => loadConfig({ NODE_ENV: 'development', SCRYPT_LOG_N: '16' }), /SCRYPT_LOG_N/);
  t.throws(() => loadConfig({ NODE_ENV: 'test', SCRYPT_LOG_N: '9' }), /SCRYPT_LOG_N must be/);
  t.equal(loadConfig({ SCRYPT_LOG_N: '18' }).SCRYPT_LOG_N, 18, 'raised');
});
