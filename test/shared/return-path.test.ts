// SPEC §5: a post-login return target starts with '/' and uses only letters,
// digits and @ - % _ ~ /; and it can never lead to another origin.
import t from 'tap';
import { isSafeReturnPath, loginRedirect } from '../../src/shared/return-path.ts';

const SAFE = ['/', '/old/favorites', '/costa-casas/favorites', '/for-sale/1234', '/a-b_c~d@e', '/caf%C3%A9', '/old/search/spain/alicante'];

const HOSTILE = [
  '//evil.com',
  '///evil.com',
  '////evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  'https://evil.com',
  'http:/evil.com',
  'javascript:alert(1)',
  'evil.com',
  '',
  '/%2F%2Fevil.com',
  '/%2fevil.com',
  '%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%5cevil.com',
  '/%252F%252Fevil.com',
  '/%25252F%25252Fevil.com',
  '/%09/evil.com',
  '/%0d%0aSet-Cookie:x=1',
  '/%00',
  '/a?next=//evil.com',
  '/a#//evil.com',
  '/a b',
  '/a\tb',
  '/\t/evil.com',
  '/ /evil.com',
  '/%E0%A4%A',
  '/a.b',
  '/../etc/passwd',
  '/a;b',
  '/a:b',
  '/<script>',
  '/"onmouseover=x',
  '/%2F%5Cevil.com',
  ' /a',
  '/a\n',
  'x'.repeat(3000),
];

t.test('local paths are accepted', async (t) => {
  for (const path of SAFE) t.ok(isSafeReturnPath(path), path);
});

t.test('at least 30 hostile paths are refused', async (t) => {
  t.ok(HOSTILE.length >= 30);
  for (const path of HOSTILE) t.notOk(isSafeReturnPath(path), JSON.stringify(path.slice(0, 40)));
  for (const value of [null, undefined, 42, ['/'], { path: '/' }]) t.notOk(isSafeReturnPath(value));
});

t.test('the login redirect keeps only a safe path', async (t) => {
  t.equal(loginRedirect('/old/favorites'), '/login?redirect=%2Fold%2Ffavorites');
  t.equal(loginRedirect('//evil.com'), '/login');
  t.equal(
    loginRedirect('/costa-casas/profile', '/costa-casas/client-login'),
    '/costa-casas/client-login?redirect=%2Fcosta-casas%2Fprofile',
    "a section's own login",
  );
  t.equal(loginRedirect('//evil.com', '/old/client-login'), '/old/client-login');
});
