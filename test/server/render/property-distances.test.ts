// Distances on the demo's pages (issue 23): every demo development lies on a
// coast, so each property page states its beach and airport among its key
// facts (in a straight line), and the comparison has a row for each.
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
