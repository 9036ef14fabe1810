// A development's stored distances (projects.beach_km, airport, airport_km;
// src/server/geo/distances.ts) as the API answers them.
import type { Distances } from '../../../shared/catalogue.ts';
import { airportByCode } from '../../geo/airports.ts';

export const DISTANCE_COLUMNS = ['p.beach_km', 'p.airport', 'p.airport_km', 'p.centre_km', 'p.position_approx'] as const;

export function distancesAnswer(row: {
  beach_km: number | null;
  airport: string | null;
  airport_km: number | null;
  centre_km: number | null;
  position_approx: number;
}): Distances {
  const airport = row.airport ? airportByCode(row.airport) : null;
  return {
    beach_km: row.beach_km === null ? null : Number(row.beach_km),
    airport: airport && row.airport_km !== null ? { code: airport.code, name: airport.name, km: Number(row.airport_km) } : null,
    centre_km: row.centre_km === null ? null : Number(row.centre_km),
    approximate: Number(row.position_approx) === 1,
  };
}
