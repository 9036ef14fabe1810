// The demo feed as it stood DEMO_HISTORY_DAYS before the seeding day, so that
// a fresh site shows issue 13's price history and "Price reduced": the seed
// imports this version first (dated then), then the shipped feed (dated
// today), and the import records the differences as any import would. The
// changes are fixed by the unit's id, so every seed shows the same ones:
//   development n divisible by 4: its first unit, if available, cost 4 % more
//   (a drop today: the project's cards say "Price reduced");
//   n divisible by 6: its second unit's status was the other of available and
//   reserved (available again, or reserved today);
//   n divisible by 9: its third unit, if available, cost 3 % less (a rise today).
// The shipped feed, and so the catalogue after seeding, is unchanged: only its
// past is added.

/** How long before the seeding day the earlier version is imported. */
export const DEMO_HISTORY_DAYS = 21;

/** Rounded to the thousand, as the feed's prices are. */
const thousands = (value: number) => Math.round(value / 1000) * 1000;

const OTHER_STATUS: Record<string, string> = { available: 'reserved', reserved: 'available' };

/** Unit `id`'s (e.g. 'DEV-0012-03') price and status before, given them now. */
export function demoEarlier(id: string, price: number, status: string): { price: number; status: string } {
  const m = /^DEV-(\d+)-(\d+)$/.exec(id);
  const [development, unit] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (unit === 1 && development % 4 === 0 && status === 'available') return { price: thousands(price * 1.04), status };
  if (unit === 2 && development % 6 === 0) return { price, status: OTHER_STATUS[status] ?? status };
  if (unit === 3 && development % 9 === 0 && status === 'available') return { price: thousands(price * 0.97), status };
  return { price, status };
}

/** One <property>'s lines with its earlier price and status. */
function earlierProperty(lines: string[]): string[] {
  const field = (name: string) => lines.findIndex((line) => line.startsWith(`<${name}>`));
  const [id, price, status] = [field('id'), field('price'), field('status')];
  if (id < 0 || price < 0 || status < 0) return lines;
  const value = (i: number) => lines[i]!.replace(/^<\w+>(.*)<\/\w+>$/, '$1');
  const before = demoEarlier(value(id), Number(value(price)), value(status));
  const out = [...lines];
  out[price] = `<price>${before.price}</price>`;
  out[status] = `<status>${before.status}</status>`;
  return out;
}

/** The feed (one element a line, as the generator writes it) with each unit's earlier price and status; blank lines dropped. */
export async function* earlierDemoFeed(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let property: string[] | null = null;
  for await (const chunk of chunks) {
    const out: string[] = [];
    for (const line of chunk.split('\n')) {
      if (!line) continue;
      if (line === '<property>') property = [];
      if (!property) out.push(line);
      else if (property.push(line) && line === '</property>') {
        out.push(...earlierProperty(property));
        property = null;
      }
    }
    if (out.length) yield out.map((line) => `${line}\n`).join('');
  }
}
