// The demo catalogue's Kyero feed, and large synthetic feeds for benchmarks:
// one generator, seeded, so the same options always give the same bytes, with
// no network. Output is produced one development at a time (feedChunks), so a
// 50,000-development feed streams to disk in flat memory.
//
// Each unit is a Kyero <property> carrying this project's extensions (see
// docs/catalogue-import.md): its development's ref, name and developer,
// stage, delivery date, status, floor, terrace/solarium/garden areas, the
// development's gallery plus the floor plan of its layout (marked in each of
// the three accepted ways, so the demo exercises them all) and documents.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { AREAS, type DevelopmentKind } from './areas.ts';
import { amenities, describe } from './descriptions.ts';
import { DEVELOPERS, developmentName, unitRef } from './names.ts';
import { int, mulberry32, pick, sample, weighted, type Random } from './prng.ts';
import { deliveryDate, KINDS, unit, type Stage } from './units.ts';
import { DEMO_MEDIA } from '../../shared/demo-pictures.ts';

export const DEMO_SEED = 2025;

export const DEMO_PROJECTS = 150;

export interface FeedOptions {
  projects: number;
  seed?: number;
  /** Where image and document URLs point (site-relative by default). */
  mediaPrefix?: string;
}

export interface FeedCounts {
  projects: number;
  units: number;
}

/** The feed, one string per development (the first also opens the document, the last closes it). */
export function* feedChunks(options: FeedOptions): Generator<string, FeedCounts> {
  const rand = mulberry32(options.seed ?? DEMO_SEED);
  const media = options.mediaPrefix ?? DEMO_MEDIA;
  const width = Math.max(4, String(options.projects).length);
  const names = new Map<string, number>();
  let units = 0;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n<kyero><feed_version>3</feed_version></kyero>\n';
  for (let n = 1; n <= options.projects; n++) {
    const { xml, count } = development(rand, n, width, media, names);
    units += count;
    yield xml;
  }
  yield '</root>\n';
  return { projects: options.projects, units };
}

/** The whole feed as one string (the demo's 150 developments are about 3 MB). */
export function generateFeed(options: FeedOptions): string {
  return [...feedChunks(options)].join('');
}

/** Streams the feed to a writable, waiting for it to drain: flat memory at any size. */
export async function writeFeed(out: Writable, options: FeedOptions): Promise<FeedCounts> {
  const chunks = feedChunks(options);
  for (;;) {
    const next = chunks.next();
    if (next.done) return next.value;
    if (!out.write(next.value)) await once(out, 'drain');
  }
}

/** The tour the demo's developments show: Matterport's public sample space. */
const DEMO_TOUR = 'https://my.matterport.com/show/?m=SxQL3iGyoDo';

function development(rand: Random, n: number, width: number, media: string, names: Map<string, number>): { xml: string; count: number } {
  const area = weighted(rand, AREAS);
  const kinds = Object.entries(area.kinds).map(([kind, weight]) => ({ kind: kind as DevelopmentKind, weight: weight! }));
  const kind = weighted(rand, kinds).kind;
  const spec = KINDS[kind];
  const ref = `DEV-${String(n).padStart(width, '0')}`;
  const name = developmentName(rand, kind, area, names);
  const developer = pick(rand, DEVELOPERS);
  const neighbourhood = pick(rand, area.neighbourhoods);
  const lat = round(area.lat + (rand() - 0.5) * 0.018, 6);
  const lng = round(area.lng + (rand() - 0.5) * 0.018, 6);
  const stage = weighted(rand, [
    { s: 'off_plan' as Stage, weight: 4 },
    { s: 'under_construction' as Stage, weight: 3.5 },
    { s: 'key_ready' as Stage, weight: 2.5 },
  ]).s;
  const delivery = deliveryDate(rand, stage);
  const firstDay = int(rand, 0, 300);
  const count = int(rand, spec.units[0], spec.units[1]);
  const units = Array.from({ length: count }, (_, i) => unit(rand, kind, area, i, count, stage));
  // Something is for sale in every development: its last unit, at least.
  if (!units.some((u) => u.status === 'available')) units[count - 1]!.status = 'available';
  const features = amenities(rand, kind, spec, area);
  const description = describe(rand, { name, kind, spec, area, neighbourhood, stage, delivery, units, features });

  // The gallery: the main scene, then three to five others, then one or two plans.
  const p = `p${n}`;
  const others = sample(
    rand,
    kind === 'plots' ? ['land', 'street'] : ['pool', 'terrace', 'interior', 'street', 'garden', 'kitchen', 'bedroom'],
    int(rand, 2, 5),
  );
  const gallery = [spec.scene, ...others].map((scene, i) => ({
    url: `${media}/${p}-${scene}-${i + 1}.svg`,
    caption: CAPTIONS[scene] ?? null,
  }));
  const plans =
    kind === 'plots'
      ? []
      : Array.from({ length: int(rand, 1, 2) }, (_, i) => ({
          url: `${media}/${p}-plan-${i + 1}.svg`,
          caption: `Floor plan, type ${'AB'[i]}`,
        }));
  const markStyle = n % 3; // attribute, tag or child element
  const documents = [
    { kind: 'price_list', url: `${media}/${p}-price-list.svg`, title: `Price list — ${name}` },
    ...(plans.length ? [{ kind: 'floor_plan', url: `${media}/${p}-floor-plans.svg`, title: 'Floor plans' }] : []),
    ...(rand() < 0.85 ? [{ kind: 'brochure', url: `${media}/${p}-brochure.svg`, title: `${name} brochure` }] : []),
  ];

  // A few developments carry a virtual tour (Matterport's public sample space), as many real feeds do.
  const tour = n % 10 === 3 ? `<virtual_tour_url>${DEMO_TOUR}</virtual_tour_url>\n` : '';

  const parts: string[] = [];
  units.forEach((u, i) => {
    const day = firstDay + int(rand, 0, 40);
    const date = feedDate(day, int(rand, 8, 19), int(rand, 0, 59));
    const images = [...gallery.map((g) => ({ ...g, plan: false })), ...(plans.length ? [{ ...plans[i % plans.length]!, plan: true }] : [])];
    parts.push(
      `<property>\n<id>${ref}-${String(i + 1).padStart(2, '0')}</id>\n<date>${date}</date>\n<ref>${esc(unitRef(name, n, i))}</ref>\n` +
        `<price>${u.price}</price>\n<currency>EUR</currency>\n<price_freq>sale</price_freq>\n<new_build>1</new_build>\n` +
        `<type>${esc(u.type)}</type>\n<town>${esc(area.town)}</town>\n<province>${esc(area.province)}</province>\n<country>Spain</country>\n` +
        `<location_detail>${esc(neighbourhood)}</location_detail>\n<location><latitude>${lat}</latitude><longitude>${lng}</longitude></location>\n` +
        `<beds>${u.beds}</beds>\n<baths>${u.baths}</baths>\n<pool>${u.pool ? 1 : 0}</pool>\n` +
        `<surface_area>${tag('built', u.built)}${tag('plot', u.plot)}${tag('terrace', u.terrace)}${tag('solarium', u.solarium)}${tag('garden', u.garden)}</surface_area>\n` +
        `<development_ref>${ref}</development_ref>\n<development_name>${esc(name)}</development_name>\n<developer>${esc(developer)}</developer>\n` +
        `<stage>${stage}</stage>\n<delivery_date>${delivery}</delivery_date>\n<status>${u.status}</status>\n` +
        (u.floor ? `<floor>${u.floor}</floor>\n` : '') +
        `<desc><en><![CDATA[${description}]]></en></desc>\n` +
        `<features>${features.map((f) => `<feature>${esc(f)}</feature>`).join('')}</features>\n` +
        `<images>${images.map((img, k) => image(img, k + 1, markStyle)).join('')}</images>\n` +
        `<documents>${documents.map((d) => `<document kind="${d.kind}"><url>${d.url}</url><title><en>${esc(d.title)}</en></title></document>`).join('')}</documents>\n` +
        tour +
        `</property>\n`,
    );
  });
  return { xml: parts.join(''), count };
}

const CAPTIONS: Record<string, string> = {
  apartment: 'The building',
  villa: 'The villa',
  townhouse: 'The houses',
  bungalow: 'The bungalows',
  land: 'The plots',
  pool: 'Pool area',
  terrace: 'Terrace',
  interior: 'Living room',
  street: 'The neighbourhood',
  garden: 'Garden',
  kitchen: 'Kitchen',
  bedroom: 'Main bedroom',
};

function image(img: { url: string; caption: string | null; plan: boolean }, id: number, style: number): string {
  const title = img.caption ? `<title><en>${esc(img.caption)}</en></title>` : '';
  if (!img.plan) return `<image id="${id}"><url>${img.url}</url>${title}</image>`;
  if (style === 0) return `<image id="${id}" floorplan="1"><url>${img.url}</url>${title}</image>`;
  if (style === 1) return `<image id="${id}"><url>${img.url}</url>${title}<tags><tag>floorplan</tag></tags></image>`;
  return `<image id="${id}"><url>${img.url}</url>${title}<floorplan>1</floorplan></image>`;
}

/** Kyero's 'YYYY-MM-DD HH:MM:SS', counted in days from 1 January 2025. */
function feedDate(day: number, hour: number, minute: number): string {
  const d = new Date(Date.UTC(2025, 0, 1 + day, hour, minute, 0));
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

const tag = (name: string, value: number | null) => (value === null ? '' : `<${name}>${value}</${name}>`);

const round = (x: number, digits: number) => Number(x.toFixed(digits));

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
