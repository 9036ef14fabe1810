// Demo dates relative to the seeding day (issue 10): the shipped feed stays
// one deterministic file; at import its delivery dates, the months its
// descriptions name and its listing dates move so that, on any seeding day,
// projects under construction or off-plan are delivered in the future,
// key-ready ones were completed in the past, and no listing is dated later.
import fs from 'node:fs';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { DEMO_FEED_FILE, seedDemoCatalogue } from '../../../src/server/demo/seed.ts';
import { demoDateShift, shiftDemoFeed, shiftDemoLine } from '../../../src/server/demo/dates.ts';
import { readKyero, type FeedProperty } from '../../../src/server/catalogue-import/kyero.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2026-11' → 'November 2026'. */
const spelled = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

async function properties(input: AsyncIterable<string>): Promise<FeedProperty[]> {
  const out: FeedProperty[] = [];
  for await (const item of readKyero(input)) if (item.ok) out.push(item.property);
  return out;
}

t.test('the shift: whole months for deliveries and the months described, whole days for listing dates', async (t) => {
  t.same(demoDateShift(new Date('2025-07-15T10:00:00Z')), { months: 0, days: -135 }, 'July 2025: deliveries as shipped');
  t.same(demoDateShift(new Date('2026-11-23T22:00:00Z')), { months: 16, days: 361 });
  const shift = demoDateShift(new Date('2026-11-23T22:00:00Z'));
  t.equal(
    shiftDemoLine('<stage>off_plan</stage>\n<delivery_date>2025-11</delivery_date>', shift),
    '<stage>off_plan</stage>\n<delivery_date>2027-03</delivery_date>',
  );
  t.equal(
    shiftDemoLine('<date>2025-11-26 15:52:00</date>', shift),
    '<date>2026-11-22 15:52:00</date>',
    'the last listing: the day before seeding',
  );
  t.equal(
    shiftDemoLine('<desc><en><![CDATA[Villas Dénia is a… Delivery is planned for November 2025. The airport…]]></en></desc>', shift),
    '<desc><en><![CDATA[Villas Dénia is a… Delivery is planned for March 2027. The airport…]]></en></desc>',
  );
  t.equal(
    shiftDemoLine('The homes were completed in December 2024 and are ready', { months: 1, days: 0 }),
    'The homes were completed in January 2025 and are ready',
    'across a year',
  );
  t.equal(shiftDemoLine('<ref>MN12-3</ref>', shift), '<ref>MN12-3</ref>', 'other lines as they are');
});

t.test(
  'read from the shipped feed split anywhere, on any seeding day: deliveries after it for works, before it for key-ready',
  async (t) => {
    const bytes = fs.readFileSync(DEMO_FEED_FILE);
    for (const today of [new Date('2026-11-23T09:00:00Z'), new Date('2031-02-01T00:00:00Z'), new Date('2025-07-01T00:00:00Z')]) {
      // Odd chunk sizes: lines and UTF-8 sequences (Dénia, Almería) cut in two.
      const chunks = function* () {
        for (let i = 0; i < bytes.length; i += 65_537) yield bytes.subarray(i, i + 65_537);
      };
      const props = await properties(shiftDemoFeed(chunks(), today));
      t.equal(props.length, 1500, `${today.toISOString().slice(0, 10)}: every unit read`);
      const now = monthOf(today);
      const late = props.filter((p) => (p.stage === 'key_ready' ? p.deliveryDate! >= now : p.deliveryDate! <= now));
      t.same(
        late.map((p) => `${p.id} ${p.stage} ${p.deliveryDate}`),
        [],
        `${now}: works deliver later, key-ready homes were done before`,
      );
      t.ok(
        props.every((p) => p.date! <= today.toISOString().slice(0, 10)),
        'no listing dated after the seeding day',
      );
      t.same(new Set(props.map((p) => p.province)), new Set(['Alicante', 'Murcia', 'Málaga', 'Almería']), 'accented names whole');
      const wrong = props.filter((p) => !p.descriptions.en!.includes(spelled(p.deliveryDate!)));
      t.same(
        wrong.map((p) => p.id),
        [],
        'every description names its delivery month',
      );
    }
  },
);

forEachStore(
  t,
  'seeded on an injected day, the site says delivery in the future for works and in the past for key-ready',
  async (t, store) => {
    const today = new Date('2026-11-23T12:00:00Z');
    const summary = await seedDemoCatalogue(store, { today });
    t.ok(summary, 'imported');
    const projects = await store.db.selectFrom('projects').select(['id', 'stage', 'delivery_date', 'description']).execute();
    t.equal(projects.length, 150);
    const works = projects.filter((p) => p.stage === 'under_construction' || p.stage === 'off_plan');
    const ready = projects.filter((p) => p.stage === 'key_ready');
    t.ok(works.length > 20 && ready.length > 20, `${works.length} in works, ${ready.length} key-ready`);
    t.same(
      works.filter((p) => !(p.delivery_date! > '2026-11')).map((p) => p.id),
      [],
      'works: delivery after November 2026',
    );
    t.same(
      ready.filter((p) => !(p.delivery_date! < '2026-11')).map((p) => p.id),
      [],
      'key-ready: completed before November 2026',
    );
    t.same(
      projects.filter((p) => !p.description.includes(spelled(p.delivery_date!))).map((p) => p.id),
      [],
      'the descriptions say the same months',
    );
    t.notOk(
      projects.some((p) => /planned for [A-Z][a-z]+ 2025/.test(p.description)),
      "no 'planned for … 2025' in 2026",
    );
  },
);
