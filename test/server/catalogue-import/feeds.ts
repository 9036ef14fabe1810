// Hand-made Kyero feeds for the import tests, and a fingerprint of the
// catalogue tables to prove that a failed import changed nothing.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../../../src/server/store/db.ts';

export interface PropertySpec {
  id?: string | null;
  date?: string | null;
  price?: string | number | null;
  type?: string | null;
  town?: string | null;
  province?: string | null;
  country?: string | null;
  currency?: string | null;
  dev?: string | null;
  name?: string;
  beds?: number;
  baths?: number;
  built?: number;
  plot?: number;
  garden?: number;
  status?: string;
  /** <new_build>: 1 unless given; null leaves it out (unknown). */
  newBuild?: 0 | 1 | null;
  lat?: number;
  lng?: number;
  /** Raw XML added inside <property>. */
  extra?: string;
}

const field = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : `<${name}>${value}</${name}>`;

/** One <property>; a field given as null is left out. */
export function property(spec: PropertySpec): string {
  const s = {
    id: 'P1',
    date: '2025-01-10 10:00:00',
    price: 200000,
    currency: 'EUR',
    type: 'Apartment',
    town: 'Torrevieja',
    province: 'Alicante',
    newBuild: 1,
    ...spec,
  };
  return (
    '<property>' +
    field('id', s.id) +
    field('date', s.date) +
    field('price', s.price) +
    field('currency', s.currency) +
    field('type', s.type) +
    field('town', s.town) +
    field('province', s.province) +
    field('country', s.country) +
    field('new_build', s.newBuild) +
    (s.lat !== undefined ? `<location><latitude>${s.lat}</latitude><longitude>${s.lng}</longitude></location>` : '') +
    field('beds', s.beds) +
    field('baths', s.baths) +
    (s.built !== undefined || s.plot !== undefined || s.garden !== undefined
      ? `<surface_area>${field('built', s.built)}${field('plot', s.plot)}${field('garden', s.garden)}</surface_area>`
      : '') +
    field('development_ref', s.dev) +
    field('development_name', s.name) +
    field('status', s.status) +
    (s.extra ?? '') +
    '</property>\n'
  );
}

export function feed(...properties: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<root>\n<kyero><feed_version>3</feed_version></kyero>\n${properties.join('')}</root>\n`;
}

/** A feed's bytes in small chunks, as a network would deliver them. */
export function chunks(xml: string, size = 700): Buffer[] {
  const bytes = Buffer.from(xml);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A feed that stops after its first chunk until `release()`: an import held mid-way. */
export function heldFeed(xml: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* input() {
    const [first, ...rest] = chunks(xml, 256);
    yield first!;
    await released;
    yield* rest;
  }
  return { input: input(), release };
}

const TABLES: Array<[string, string]> = [
  ['geo_places', 'id'],
  ['categories', 'id'],
  ['projects', 'id'],
  ['project_categories', 'project_id, category_id'],
  ['units', 'id'],
  ['images', 'id'],
  ['project_files', 'id'],
  ['unit_history', 'id'],
  ['catalogue_meta', 'key'],
];

/** Row counts and a hash of every row of the catalogue's tables, the same on both engines for the same content. */
export async function fingerprint(store: Store): Promise<{ counts: Record<string, number>; hash: string }> {
  const counts: Record<string, number> = {};
  const hash = crypto.createHash('sha256');
  for (const [table, order] of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(store.db);
    counts[table] = rows.length;
    for (const row of rows)
      hash.update(
        `${table} ${JSON.stringify(
          Object.keys(row)
            .sort()
            .map((k) => [k, row[k]]),
        )}\n`,
      );
  }
  return { counts, hash: hash.digest('hex') };
}
