// Country → region → town, from the place tree with its counts. Each option's
// value is the place's path ('spain/alicante'), so the three selects name one
// place even when they cannot depend on each other (a form sent without
// JavaScript): the deepest choice wins (search-url.ts). With nothing chosen
// above it, a select lists every place of its level, grouped by its parent.
import type { ChangeEvent } from 'react';
import type { GeoNode, PlaceRef } from '../../../shared/catalogue.ts';
import { t, type MessageKey } from '../../../shared/i18n.ts';
import { geoFromSegments, geoSegments, type GeoPath } from '../../../shared/search-url.ts';
import type { SearchPlace } from './texts.ts';

interface Group {
  label?: string;
  nodes: Array<Pick<GeoNode, 'name' | 'path' | 'count'>>;
}

export interface LocationFieldsProps {
  tree: GeoNode[];
  geo: GeoPath;
  /** The place of the URL: named even when it has no listings (and so is not in the tree). */
  place: SearchPlace;
  onChange: (geo: GeoPath, fieldId: string) => void;
}

export const LOCATION_LEVELS = ['country', 'region', 'town'] as const;
export const locationFieldId = (level: (typeof LOCATION_LEVELS)[number]) => `search-${level}`;

/** The place a choice in the select of `level` means: an empty choice keeps the levels above it; a place brings its parents. */
export function placeChosen(select: HTMLSelectElement, level: number, geo: GeoPath): GeoPath {
  const value = select.value;
  return geoFromSegments(value ? value.split('/') : geoSegments(geo).slice(0, level)) ?? {};
}

export function LocationFields({ tree, geo, place, onChange }: LocationFieldsProps) {
  const country = tree.find((c) => c.slug === geo.country);
  const region = country?.children.find((r) => r.slug === geo.region);
  const regionGroups: Group[] = country ? [{ nodes: country.children }] : tree.map((c) => ({ label: c.name, nodes: c.children }));
  const townGroups: Group[] = region
    ? [{ nodes: region.children }]
    : regionGroups.flatMap((g) => g.nodes as GeoNode[]).map((r) => ({ label: r.name, nodes: r.children }));
  const groups: Record<(typeof LOCATION_LEVELS)[number], Group[]> = { country: [{ nodes: tree }], region: regionGroups, town: townGroups };
  const selected = geoSegments(geo);
  const known: PlaceRef[] = place ? [...place.trail, place] : [];

  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const level = LOCATION_LEVELS.indexOf(event.target.name as (typeof LOCATION_LEVELS)[number]);
    onChange(placeChosen(event.target, level, geo), event.target.id);
  };

  return (
    <fieldset className="search-form__group search-location">
      <legend className="search-form__legend">{t('search.filters.location')}</legend>
      {LOCATION_LEVELS.map((level, depth) => {
        const value = selected.length > depth ? selected.slice(0, depth + 1).join('/') : '';
        const listed = groups[level].some((g) => g.nodes.some((n) => n.path === value));
        const missing = value && !listed ? (known.find((p) => p.path === value) ?? { name: selected[depth]!, path: value }) : null;
        return (
          <div className="field search-form__field" key={level}>
            <label className="field__label" htmlFor={locationFieldId(level)}>
              {t(`search.filters.${level}` as MessageKey)}
            </label>
            <select className="field__input" id={locationFieldId(level)} name={level} value={value} onChange={change}>
              <option value="">{t(`search.filters.any${level[0]!.toUpperCase()}${level.slice(1)}` as MessageKey)}</option>
              {missing ? <option value={missing.path}>{t('search.filters.placeOption', { name: missing.name, count: 0 })}</option> : null}
              {groups[level].map((group, i) =>
                group.label ? (
                  <optgroup key={group.label + i} label={group.label}>
                    <Options nodes={group.nodes} />
                  </optgroup>
                ) : (
                  <Options key={i} nodes={group.nodes} />
                ),
              )}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}

function Options({ nodes }: Group) {
  return (
    <>
      {nodes.map((node) => (
        <option key={node.path} value={node.path}>
          {t('search.filters.placeOption', { name: node.name, count: node.count })}
        </option>
      ))}
    </>
  );
}
