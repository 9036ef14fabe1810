// The property view of SPEC §3 for the tag manager: id, type (the spec's
// mapping of the category id), geoname 'city, region, country', the lowest
// price on sale, availability for_sale and the currency. Sent once per project
// shown, and only with consent (lib/tracking.ts).
import type { ProjectDetail, UnitRow } from '../../../shared/catalogue.ts';
import { trackingType } from '../../../shared/catalogue-terms.ts';
import { CURRENCY } from '../../../shared/constants.ts';
import { lowestAvailablePrice } from '../../../shared/structured-data.ts';
import { useTrackOnce, type TrackEvent } from '../../lib/tracking.ts';

export function viewItemEvent(project: ProjectDetail, units: UnitRow[]): TrackEvent {
  const { town, region, country } = project.location;
  return {
    event: 'view_item',
    id: project.id,
    type: trackingType(project.category.id),
    geoname: `${town.name}, ${region.name}, ${country.name}`,
    price: lowestAvailablePrice(project, units) ?? 0,
    availability: 'for_sale',
    currency: CURRENCY,
  };
}

export function usePropertyView(project: ProjectDetail, units: UnitRow[]): void {
  useTrackOnce(project.id, () => viewItemEvent(project, units));
}
