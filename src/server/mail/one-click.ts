import { ONE_CLICK } from '../../shared/saved-searches.ts';

/**
 * RFC 2369 and RFC 8058: the headers that let a mail client's "unsubscribe"
 * POST `List-Unsubscribe=One-Click` to `link`, which stops those mails at once.
 */
export function oneClickHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': `${ONE_CLICK.name}=${ONE_CLICK.value}` };
}
