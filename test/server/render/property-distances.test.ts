// Distances on the demo's pages (issue 23): every demo development lies on or
// near a coast, so each property page states its beach and airport among its
// key facts (in a straight line), and the comparison has a row for each; a
// beach-front development and an inland one (Finestrat, up from Benidorm)
// against the distances a map gives.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import type { PropertyAnswer, SearchAnswer } from '../../../src/shared/catalogue.ts';
import type { CompareAnswer } from '../../../src/shared/compare.ts';

const COAST_AIRPORTS = ['Alicante', 'Murcia', 'Málaga', 'Almería', 'Granada', 'Gibraltar'];

t.test("the demo's developments: near a beach, an airport named", async (t) => {
  const app = await testApp(t);
  const ids = ((await app.inject('/api/properties?account_id=1&per_page=12')).json() as SearchAnswer).data.map((p) => p.id);
  for (const id of ids) {
    const { distances } = ((await app.inject({ method: 'POST', url: '/api/property', payload: { id } })).json() as PropertyAnswer).data;
    t.ok(distances.beach_km !== null && distances.beach_km < 15, `${id}: beach ${distances.beach_km} km`);
    t.ok(
      distances.airport && COAST_AIRPORTS.includes(distances.airport.name) && distances.airport.km < 120,
      `${id}: ${distances.airport?.name}`,
    );
  }

  const { distances } = ((await app.inject({ method: 'POST', url: '/api/property', payload: { id: ids[0] } })).json() as PropertyAnswer)
    .data;
  const page = await app.inject(`/for-sale/${ids[0]}`);
  const facts = textOf(/<dl class="key-facts__list">[\s\S]*?<\/dl>/.exec(page.body)?.[0] ?? '').replace(/\s+/g, ' ');
  const km = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} km`;
  t.match(facts, `Beach ${km(distances.beach_km!)} ( straight line )`);
  t.match(facts, `Airport ${distances.airport!.name}, ${km(distances.airport!.km)} ( straight line )`);

  // A town GeoNames lists has its centre; an urbanisation (Orihuela Costa, Mar de Cristal) has none.
  const details = await Promise.all(
    ids.map(async (id) => ((await app.inject({ method: 'POST', url: '/api/property', payload: { id } })).json() as PropertyAnswer).data),
  );
  const inTown = details.find((d) => d.distances.centre_km !== null)!;
  t.ok(inTown.distances.centre_km! < 15, `${inTown.location.town.name}: centre ${inTown.distances.centre_km} km`);
  const townPage = textOf((await app.inject(`/for-sale/${inTown.id}`)).body).replace(/\s+/g, ' ');
  t.match(townPage, `Town centre ${km(inTown.distances.centre_km!)} ( straight line )`);
  const urbanisations = details.filter((x) => ['Orihuela Costa', 'Mar de Cristal'].includes(x.location.town.name));
  t.ok(urbanisations.length > 0, 'the demo has urbanisations among these');
  for (const d of urbanisations) t.equal(d.distances.centre_km, null, `${d.location.town.name}: no centre`);

  // An approximate position says so beside the map; a precise one does not.
  const { id: precise } = details.find((d) => !d.distances.approximate)!;
  t.notMatch(textOf((await app.inject(`/for-sale/${precise}`)).body), 'position on the map is approximate');

  const compared = (await app.inject(`/api/compare?ids=${ids.slice(0, 2).join(',')}`)).json() as CompareAnswer;
  t.same(compared.data.map((p) => p.distances.airport?.code ?? null).filter(Boolean).length, 2, 'the comparison has them too');
  const table = textOf((await app.inject(`/compare?ids=${ids.slice(0, 2).join(',')}`)).body);
  t.match(table, 'Beach (straight line)');
  t.match(table, 'Airport (straight line)');
});

t.test('a beach-front and an inland development of the demo, against what the map says', async (t) => {
  const app = await testApp(t);
  const details: PropertyAnswer['data'][] = [];
  for (let id = 1; id <= 200; id++) {
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: { id } });
    if (res.statusCode === 200) details.push((res.json() as PropertyAnswer).data);
  }
  t.ok(details.length >= 100, `${details.length} developments`);
  const byBeach = details.filter((d) => d.distances.beach_km !== null).sort((a, b) => a.distances.beach_km! - b.distances.beach_km!);

  // On the front line: a coastal town's development a few hundred metres from the sea, Alicante's or Murcia's airport near.
  const front = byBeach[0]!;
  t.ok(front.distances.beach_km! <= 0.3, `${front.location.town.name}: beach ${front.distances.beach_km} km`);

  // Finestrat is a hill town 6 km up from the beaches of Benidorm and La Cala: the demo's developments there
  // are the farthest from the sea, its centre close by, and Alicante's airport some 45 km to the south-west.
  const inland = byBeach.at(-1)!;
  t.equal(inland.location.town.name, 'Finestrat', 'the farthest from the sea is up in Finestrat');
  t.ok(inland.distances.beach_km! >= 4 && inland.distances.beach_km! <= 9, `beach ${inland.distances.beach_km} km`);
  t.ok(inland.distances.centre_km !== null && inland.distances.centre_km < 3, `centre ${inland.distances.centre_km} km`);
  t.equal(inland.distances.airport?.name, 'Alicante');
  t.ok(inland.distances.airport!.km >= 38 && inland.distances.airport!.km <= 50, `airport ${inland.distances.airport!.km} km`);
  const facts = textOf((await app.inject(`/for-sale/${inland.id}`)).body).replace(/\s+/g, ' ');
  t.match(facts, /Beach \d\.\d km \( straight line \)/, 'its page says how far the beach is');
});
