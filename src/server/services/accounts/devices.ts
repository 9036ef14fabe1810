// The device cookie (OWASP's "device cookies" against account lockout): set
// by a successful login, it tells later logins that this browser has logged
// in to that client before, so failures from elsewhere do not slow it
// (login-throttle.ts). Its value is `<client id>.<device id>.<HMAC>`, signed
// with the site's 'device-cookie' secret (site-secrets.ts): a forged or
// altered one is ignored, as if there were none.
import crypto from 'node:crypto';

const VALUE = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A browser that logged in to a client before. */
export interface TrustedDevice {
  clientId: number;
  /** Random, per browser: its own failures are throttled under it. */
  deviceId: string;
}

const mac = (secret: Buffer, clientId: number, deviceId: string) =>
  crypto.createHmac('sha256', secret).update(`device:${clientId}.${deviceId}`).digest();

/** A new cookie value for `clientId`: a new device id, unless the browser already had one. */
export function signDevice(secret: Buffer, clientId: number, deviceId = crypto.randomBytes(16).toString('base64url')): string {
  return `${clientId}.${deviceId}.${mac(secret, clientId, deviceId).toString('base64url')}`;
}

/** The device a cookie value names, if its signature holds; else null. */
export function verifyDevice(secret: Buffer, value: string | undefined): TrustedDevice | null {
  const m = value ? VALUE.exec(value) : null;
  if (!m) return null;
  const clientId = Number(m[1]);
  const deviceId = m[2]!;
  const given = Buffer.from(m[3]!, 'base64url');
  const expected = mac(secret, clientId, deviceId);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { clientId, deviceId } : null;
}
