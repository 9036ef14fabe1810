// A feed property as the rows the import writes: its development's lead fields
// (staged in import_projects) and its unit.
import type { UnitStatus } from '../store/schema.ts';
import { describe } from './descriptions.ts';
import { propertyFeatures } from '../../shared/feature-words.ts';
import type { FeedProperty } from './feed-property.ts';
import type { Row } from './import-tables.ts';
import { projectNames } from './project-names.ts';
import { coarsePosition, distancesOf } from '../geo/distances.ts';
import { townCentreKm } from '../geo/town-centres.ts';

/** Units without a development_ref form a project of their own. */
export function projectRef(p: FeedProperty): string {
  return p.developmentRef ?? `unit:${p.id}`;
}

export function projectFields(
  ref: string,
  p: FeedProperty,
  place: { country: number; region: number; town: number },
  now: string,
): Row<'import_projects'> {
  const names = p.developmentName ? null : projectNames(p);
  const { description, descriptions } = describe(p);
  return {
    ref,
    name: p.developmentName ?? names!.plain,
    name_detail: names?.detail ?? null,
    name_ref: names?.ref ?? null,
    developer: p.developer,
    // A resale is never under a new-build stage. Without a stage: still to be
    // delivered (after the feed's date, or now) is off plan, otherwise ready.
    stage:
      p.newBuild === false
        ? 'resale'
        : (p.stage ?? (p.deliveryDate && p.deliveryDate > (p.date ?? now).slice(0, 7) ? 'off_plan' : 'key_ready')),
    description: description.text,
    description_html: description.html,
    descriptions: JSON.stringify(descriptions),
    urls: JSON.stringify(p.urls),
    media: JSON.stringify(p.media),
    amenities: JSON.stringify(p.features),
    features: propertyFeatures(p),
    country_id: place.country,
    region_id: place.region,
    town_id: place.town,
    location_detail: p.locationDetail,
    lat: p.lat,
    lng: p.lng,
    ...distancesOf(p.lat, p.lng),
    position_approx: coarsePosition(p.lat, p.lng) ? 1 : 0,
    centre_km: townCentreKm(p.town, p.lat, p.lng),
    delivery_date: p.deliveryDate,
  };
}

export function unitRow(p: FeedProperty, projectId: number, categoryId: number, source: string, now: string, hash: string) {
  return {
    project_id: projectId,
    source,
    feed_id: p.id,
    ref: p.ref,
    category_id: categoryId,
    // 0 is 'not given' in these two NOT NULL columns (schema.ts).
    bedrooms: p.bedrooms ?? 0,
    bathrooms: p.bathrooms ?? 0,
    built_area: p.built,
    plot_area: p.plot,
    terrace_area: p.terrace,
    solarium_area: p.solarium,
    garden_area: p.garden,
    floor: p.floor,
    price: p.price,
    status: p.status as UnitStatus,
    pool: p.pool ? 1 : 0,
    feed_date: p.date ?? now,
    content_hash: hash,
    withdrawn_at: null,
    created_at: now,
    updated_at: now,
  };
}
