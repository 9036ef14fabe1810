// The labelled facts of a project (SPEC §2) from its units: each a range over
// the units not sold, available and reserved (all units still in the feed when
// every one is sold, so a sold-out project still says what it was). A range a
// reserved unit widens, or that only reserved units have, says so in a note. A
// fact with no value is left out.
import type { ProjectDetail, Range, UnitRow } from '../../../shared/catalogue.ts';
import { formatPrice, formatRange } from '../../../shared/format.ts';
import { t, type MessageKey } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../../shared/category-label.ts';
import { airportDistance, beachDistance, centreDistance } from '../../../shared/distances.ts';

export interface Fact {
  key: string;
  label: string;
  value: string;
  /** Which units the value covers, when reserved ones count in it: 'incl. reserved', 'reserved only'. */
  note?: string;
}

/** The units the ranges are taken over: those not sold, or all when every one is. */
export function unitsOnSale(units: UnitRow[]): UnitRow[] {
  const unsold = units.filter((u) => u.status !== 'sold');
  return unsold.length ? unsold : units;
}

/** min–max of a positive value over `units`; null when none has one. */
export function rangeOf(units: UnitRow[], pick: (u: UnitRow) => number | null): Range | null {
  const values = units.map(pick).filter((v): v is number => v !== null && v > 0);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
}

const area = (range: Range | null) => (range ? `${formatRange(range)} m²` : '');
const sameRange = (a: Range | null, b: Range | null) => a?.min === b?.min && a?.max === b?.max;

export function projectFacts(project: ProjectDetail, units: UnitRow[]): Fact[] {
  const pool = unitsOnSale(units);
  const available = pool.filter((u) => u.status === 'available');
  const reserved = pool.some((u) => u.status === 'reserved');
  const fact = (key: string, label: MessageKey, value: string, note?: string): Fact => ({
    key,
    label: t(label),
    value,
    ...(note ? { note } : {}),
  });
  /** A range over the pool, with a note when reserved units change it. */
  const ranged = (key: string, label: MessageKey, pick: (u: UnitRow) => number | null, show: (r: Range | null) => string) => {
    const range = rangeOf(pool, pick);
    const onSale = reserved ? rangeOf(available, pick) : range;
    const note = sameRange(range, onSale) ? undefined : onSale ? t('keyFactsNotes.inclReserved') : t('keyFactsNotes.reservedOnly');
    return fact(key, label, show(range), note);
  };
  const straightLine = t(project.distances.approximate ? 'keyFactsNotes.straightLineApprox' : 'keyFactsNotes.straightLine');
  const facts = [
    fact('category', 'property.facts.category', categoryLabel(project.category)),
    fact('status', 'property.facts.status', t(`stages.${project.stage}`)),
    ranged('built', 'property.facts.builtArea', (u) => u.built_area, area),
    ranged('plot', 'property.facts.plotArea', (u) => u.plot_area, area),
    ranged('terrace', 'property.facts.terrace', (u) => u.terrace_area, area),
    ranged('solarium', 'property.facts.solarium', (u) => u.solarium_area, area),
    ranged('garden', 'property.facts.garden', (u) => u.garden_area, area),
    ranged('bathrooms', 'property.facts.bathrooms', (u) => u.bathrooms, formatRange),
    ranged('bedrooms', 'property.facts.bedrooms', (u) => u.bedrooms, formatRange),
    fact('price_m2', 'property.facts.pricePerM2', project.price_m2 ? t('card.pricePerM2', { price: formatPrice(project.price_m2) }) : ''),
    fact('beach', 'property.facts.beach', beachDistance(project.distances), straightLine),
    fact('centre', 'property.facts.townCentre', centreDistance(project.distances), straightLine),
    fact('airport', 'property.facts.airport', airportDistance(project.distances), straightLine),
  ];
  return facts.filter((f) => f.value !== '');
}
