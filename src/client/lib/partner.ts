// Partner loading on the client (SPEC §4): fetched only while partner_id is 0;
// a failed fetch is silently ignored.
import type { GetPartnerResponse, PublicPartner } from '../../shared/partner.ts';
import { postJson } from './api.ts';
import type { Store } from '../store.tsx';

/** undefined: the fetch failed (unknown); null: no such partner. */
export async function fetchPartner(slug: string): Promise<PublicPartner | null | undefined> {
  try {
    const { partner } = await postJson<GetPartnerResponse>('/api/partner/get-data', {
      partner: slug,
      domain: window.location.hostname,
      lang: 'en',
      lang_id: 1,
      site_suff: '',
      theaders: { 'accept-language': navigator.language },
    });
    return partner.id === 0 ? null : (partner as PublicPartner);
  } catch {
    return undefined;
  }
}

/** Makes the store's partner the one of `slug`; says whether the partner exists. */
export async function loadPartnerInto(store: Store, slug: string): Promise<boolean> {
  const current = store.get();
  if (current.partner_id !== 0 && current.partner?.slug === slug.toLowerCase()) return true;
  if (current.partner_id !== 0) store.set({ partner: null, partner_id: 0, partner_domain: null });
  const partner = await fetchPartner(slug);
  if (partner === undefined) return true; // unknown: let the page render unbranded
  if (partner === null) return false;
  if (store.get().partner_id === 0) store.set({ partner, partner_id: partner.id, partner_domain: partner.domain });
  return true;
}
