// A phone number as WhatsApp's links take it: the property page's contact bar
// and the alert mails' contact block message the broker by it.

/**
 * The number WhatsApp's links take (country code and number, digits only), or
 * null when `phone` does not say its country: '+34 965 00 12 34' and
 * '0034 965…' say it, and a Spanish number of nine digits is taken as one.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 ? digits : null;
  if (digits.startsWith('00')) return digits.length >= 10 ? digits.slice(2) : null;
  return /^[6789]\d{8}$/.test(digits) ? `34${digits}` : null;
}
