// A phone number as a link to call it: the pages' contact details and the
// alert mails' contact block (whatsapp.ts: the same number for WhatsApp).

/** A `tel:` address: the number's digits and its leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
