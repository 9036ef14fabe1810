// The project's price history (issue 13): for each home whose price or status
// changed, a row group headed by the home (with a small step chart of its
// price, hidden from screen readers, which have the rows), then one row per
// point: date, price, the change from the point before, status. A drop and a
// rise say so in words, with an arrow; colour only repeats it. Homes that never
// changed are not listed; when none changed, one line says since when.
import { unitChanged, type UnitPriceHistory } from '../../../shared/price-history.ts';
import { formatDay } from '../../../shared/dates.ts';
import { formatPrice } from '../../../shared/format.ts';
import { t } from '../../../shared/i18n.ts';
import { unitWords } from '../../../shared/unit-words.ts';
import { PriceSteps } from './PriceSteps.tsx';

function Change({ before, price }: { before: number | null; price: number }) {
  if (before === null) return <>{t('property.history.listed')}</>;
  if (price === before) return <>{t('property.history.same')}</>;
  const drop = price < before;
  // '€ 20.000' never broken across lines.
  const amount = formatPrice(Math.abs(price - before)).replace(' ', '\u00a0');
  return (
    <span className={`price-change price-change--${drop ? 'drop' : 'rise'}`}>
      <span aria-hidden="true">{drop ? '▼ ' : '▲ '}</span>
      {t(drop ? 'property.history.drop' : 'property.history.rise', { amount })}
    </span>
  );
}

function UnitRows({ unit }: { unit: UnitPriceHistory }) {
  return (
    <tbody className="price-history__unit">
      <tr>
        <th scope="rowgroup" colSpan={4} className="price-history__home">
          <div className="price-history__home-line">
            {unitWords(unit)}
            <PriceSteps points={unit.points} />
          </div>
        </th>
      </tr>
      {unit.points.map((point, i) => (
        <tr key={i}>
          <th scope="row">{formatDay(point.date)}</th>
          <td>{formatPrice(point.price)}</td>
          <td>
            <Change before={i === 0 ? null : unit.points[i - 1]!.price} price={point.price} />
          </td>
          <td>
            <span className={`unit-status unit-status--${point.status}`}>{t(`property.units.statuses.${point.status}`)}</span>
          </td>
        </tr>
      ))}
    </tbody>
  );
}

export function PriceHistory({ units, name, listedAt }: { units: UnitPriceHistory[]; name: string; listedAt: string }) {
  const changed = units.filter(unitChanged);
  if (!changed.length) return <p className="price-history__none">{t('property.history.unchanged', { date: formatDay(listedAt) })}</p>;
  return (
    <>
      <div className="units-table__scroll" role="region" aria-labelledby="price-history-caption" tabIndex={0}>
        <table className="price-history">
          <caption id="price-history-caption">{t('property.history.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('property.history.date')}</th>
              <th scope="col">{t('property.history.price')}</th>
              <th scope="col">{t('property.history.change')}</th>
              <th scope="col">{t('property.history.status')}</th>
            </tr>
          </thead>
          {changed.map((unit) => (
            <UnitRows key={unit.id} unit={unit} />
          ))}
        </table>
      </div>
      {changed.length < units.length && <p className="price-history__others">{t('property.history.others')}</p>}
    </>
  );
}
