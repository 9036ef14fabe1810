// Names for developments a feed does not name (no <development_name>), from
// what the feed says: '2-bedroom apartment in Torrevieja'. Resale and agency
// feeds list hundreds of homes this way, so the importer also keeps two more
// specific names for when the plain one is taken (importer.ts distinctNames):
// with the location detail, then with the reference.
import { t } from '../../shared/i18n.ts';
import type { FeedProperty } from './feed-property.ts';

export interface ProjectNames {
  plain: string;
  detail: string;
  ref: string;
}

export function projectNames(p: FeedProperty): ProjectNames {
  const type = p.type.toLowerCase();
  const plain = p.bedrooms
    ? t('catalogue.names.withBeds', { beds: p.bedrooms, type, town: p.town })
    : t('catalogue.names.plain', { type: type.charAt(0).toUpperCase() + type.slice(1), town: p.town });
  const ref = t('catalogue.names.withRef', { name: plain, ref: p.ref ?? p.id });
  // The detail never repeats the town (places.ts detailBesidesTown).
  const detail = p.locationDetail ? t('catalogue.names.withDetail', { name: plain, detail: p.locationDetail }) : ref;
  return { plain, detail, ref };
}
