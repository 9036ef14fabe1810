// The labelled facts of a project (SPEC §2) from its units: each a range over
// the units on sale (all units still in the feed when none is), so a sold-out
// project still says what it was. A fact with no value is left out.
import type { ProjectDetail, Range, UnitRow } from '../../../shared/catalogue.ts';
import { formatRange } from '../../../shared/format.ts';
import { t, type MessageKey } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../lib/labels.ts';

export interface Fact {
  key: string;
  label: string;
  value: string;
}

/** The units the ranges are taken over. */
export function unitsOnSale(units: UnitRow[]): UnitRow[] {
  const available = units.filter((u) => u.status === 'available');
  return available.length ? available : units;
}

/** min–max of a positive value over `units`; null when none has one. */
export function rangeOf(units: UnitRow[], pick: (u: UnitRow) => number | null): Range | null {
  const values = units.map(pick).filter((v): v is number => v !== null && v > 0);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
}

const area = (range: Range | null) => (range ? `${formatRange(range)} m²` : '');

export function projectFacts(project: ProjectDetail, units: UnitRow[]): Fact[] {
  const pool = unitsOnSale(units);
  const fact = (key: string, label: MessageKey, value: string): Fact => ({ key, label: t(label), value });
  const facts = [
    fact('category', 'property.facts.category', categoryLabel(project.category)),
    fact('status', 'property.facts.status', t(`stages.${project.stage}`)),
    fact('built', 'property.facts.builtArea', area(rangeOf(pool, (u) => u.built_area))),
    fact('plot', 'property.facts.plotArea', area(rangeOf(pool, (u) => u.plot_area))),
    fact('terrace', 'property.facts.terrace', area(rangeOf(pool, (u) => u.terrace_area))),
    fact('solarium', 'property.facts.solarium', area(rangeOf(pool, (u) => u.solarium_area))),
    fact('garden', 'property.facts.garden', area(rangeOf(pool, (u) => u.garden_area))),
    fact('bathrooms', 'property.facts.bathrooms', formatRange(rangeOf(pool, (u) => u.bathrooms))),
    fact('bedrooms', 'property.facts.bedrooms', formatRange(rangeOf(pool, (u) => u.bedrooms))),
  ];
  return facts.filter((f) => f.value !== '');
}
