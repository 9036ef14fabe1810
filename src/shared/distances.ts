// How a distance reads (issue 23): '0.4 km', '5.9 km', '38 km'; and a
// development's distances as the property page and the comparison state them.
import type { Distances } from './catalogue.ts';
import { t } from './i18n.ts';

/** One decimal below 10 km, whole above: the coast data is good to about half a kilometre. */
export function formatKm(km: number): string {
  return `${km < 10 ? (Math.round(km * 10) / 10).toFixed(1) : Math.round(km)} km`;
}

/** '0.4 km' to the beach, or '' when unknown. */
export const beachDistance = (d: Distances) => (d.beach_km === null ? '' : formatKm(d.beach_km));

/** '2.1 km' to the town's centre, or '' when unknown. */
export const centreDistance = (d: Distances) => (d.centre_km === null ? '' : formatKm(d.centre_km));

/** 'Alicante, 35 km', or '' when unknown. */
export const airportDistance = (d: Distances) =>
  d.airport ? t('distances.airport', { name: d.airport.name, distance: formatKm(d.airport.km) }) : '';
