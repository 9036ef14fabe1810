// Tokens of sessions and password-reset links: 32 random bytes, base64url
// (43 characters). Only their SHA-256 is stored: a token is already
// unguessable, so a fast hash is enough, and a copy of the store logs nobody in.
import crypto from 'node:crypto';

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
