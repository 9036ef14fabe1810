// The homes of a project as a table (issue 4): type, bedrooms, bathrooms,
// areas, floor, price and status, with a caption and header cells. Below 768 px
// each row is a card (property.css): every value on screen, none to scroll to
// sideways; each cell then shows its column's name from its data-label
// (property.css: generated content with empty alternative text, so screen
// readers, which have the header cells, do not hear it twice). Once the visitor
// chose a currency (components/price), each price shows its approximate amount
// in it too, with the rates' source under the table; the server's table is in euros only.
import type { UnitRow } from '../../../shared/catalogue.ts';
import type { ExchangeRates } from '../../../shared/currencies.ts';
import { formatArea, formatPrice } from '../../../shared/format.ts';
import { t, type MessageKey } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../../shared/category-label.ts';
import { communityOfRegion, costsHref } from '../../../shared/buying-costs.ts';
import { useAddress } from '../Link.tsx';
import { Converted, ratesDay } from '../price/Converted.tsx';
import { useCurrencyChoice } from '../price/currency-store.ts';

const AREAS: Array<[keyof UnitRow, MessageKey]> = [
  ['built_area', 'property.units.built'],
  ['plot_area', 'property.units.plot'],
  ['terrace_area', 'property.units.terrace'],
  ['solarium_area', 'property.units.solarium'],
  ['garden_area', 'property.units.garden'],
];

/** A cell the feed gives no value for: an en dash to the eye, 'Not given' to a screen reader. */
function NotGiven() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('property.units.notGiven')}</span>
    </>
  );
}

/** A count of rooms; 0 or none is unknown (feeds write 0 for it). */
function Rooms({ value }: { value: number | null }) {
  return value !== null && value > 0 ? <>{value}</> : <NotGiven />;
}

function Areas({ unit }: { unit: UnitRow }) {
  const areas = AREAS.map(([key, label]) => [t(label), formatArea(unit[key] as number | null)] as const).filter(([, value]) => value);
  if (!areas.length) return <NotGiven />;
  return (
    <ul className="unit-areas">
      {areas.map(([label, value]) => (
        <li key={label}>{`${label} ${value}`}</li>
      ))}
    </ul>
  );
}

/**
 * The homes of a project named `name`; `costsPage` is the buying-costs calculator, to which each
 * available home links with its price where the project's `region` is a Spanish one it knows;
 * `rates` (none when too old) convert the prices into the currency the visitor chose.
 */
export function UnitsTable({
  units,
  name,
  region,
  costsPage,
  rates,
}: {
  units: UnitRow[];
  name: string;
  region: string;
  costsPage: string;
  rates?: ExchangeRates | null;
}) {
  const community = communityOfRegion(region);
  const costs = useAddress(costsPage);
  const available = units.filter((u) => u.status === 'available').length;
  const [chosen] = useCurrencyChoice();
  const rate = chosen ? rates?.rates[chosen] : undefined;
  return (
    <>
      <div className="units-table__scroll" role="region" aria-labelledby="units-caption" tabIndex={0}>
        <table className="units-table">
          <caption id="units-caption">{t('property.units.caption', { name, total: units.length, available })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('property.units.type')}</th>
              <th scope="col">{t('property.units.bedrooms')}</th>
              <th scope="col">{t('property.units.bathrooms')}</th>
              <th scope="col">{t('property.units.areas')}</th>
              <th scope="col">{t('property.units.floor')}</th>
              <th scope="col" className="units-table__number">
                {t('property.units.price')}
              </th>
              <th scope="col">{t('property.units.status')}</th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => (
              <tr key={unit.id} className={`units-table__row units-table__row--${unit.status}`}>
                <th scope="row" className="units-table__type">
                  {categoryLabel(unit.category)}
                  {unit.ref && <span className="units-table__ref">{unit.ref}</span>}
                </th>
                <td className="units-table__beds" data-label={t('property.units.bedrooms')}>
                  <Rooms value={unit.bedrooms} />
                </td>
                <td className="units-table__baths" data-label={t('property.units.bathrooms')}>
                  <Rooms value={unit.bathrooms} />
                </td>
                <td className="units-table__areas" data-label={t('property.units.areas')}>
                  <Areas unit={unit} />
                </td>
                <td className="units-table__floor" data-label={t('property.units.floor')}>
                  {unit.floor || <NotGiven />}
                </td>
                <td className="units-table__number units-table__price" data-label={t('property.units.price')}>
                  {formatPrice(unit.price) || <NotGiven />}
                  {rate && unit.price ? <Converted eur={{ min: unit.price, max: unit.price }} currency={chosen!} rate={rate} /> : null}
                  {community && unit.status === 'available' && unit.price ? (
                    <a
                      className="units-table__costs"
                      href={costsHref(costs, unit.price, community)}
                      aria-label={t('buyingCosts.fromUnitLabel', { price: formatPrice(unit.price) })}
                    >
                      {t('buyingCosts.fromUnit')}
                    </a>
                  ) : null}
                </td>
                <td className="units-table__status">
                  <span className={`unit-status unit-status--${unit.status}`}>{t(`property.units.statuses.${unit.status}`)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rate && <p className="units-table__rates">{t('currency.tableNote', { date: ratesDay(rates!.date) })}</p>}
    </>
  );
}
