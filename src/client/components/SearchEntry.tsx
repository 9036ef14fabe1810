// The search entry of a home page (the main site's and a partner's): area,
// type and budget, a plain GET form to the section's /search, which moves it
// to the readable address, so it works without JavaScript.
import type { ReactNode } from 'react';
import type { GeoNode } from '../../shared/catalogue.ts';
import { KNOWN_CATEGORIES } from '../../shared/catalogue-terms.ts';
import { formatPrice } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { useHref } from '../lib/section.tsx';
import { categoryLabel } from '../lib/labels.ts';

/** The budget's choices, a search's top price: the bands new-build buyers on the Spanish coasts shop in. */
const BUDGETS = [150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 2_000_000];

/**
 * The area choices of the form: the regions (as place paths, which the search
 * reads without a country field); when the partner's listings lie in one
 * region, that region's towns.
 */
function areaChoices(places: GeoNode[]): {
  name: 'region' | 'town';
  grouped: boolean;
  groups: Array<{ label: string; options: GeoNode[] }>;
} {
  const regions = places.flatMap((country) => country.children);
  if (regions.length === 1) return { name: 'town', grouped: false, groups: [{ label: regions[0]!.name, options: regions[0]!.children }] };
  // Several countries: their regions under their names.
  return {
    name: 'region',
    grouped: places.length > 1,
    groups: places.map((country) => ({ label: country.name, options: country.children })),
  };
}

/** The search entry in its band across the page, as a home page shows it. */
export function SearchEntryBand({ id, places }: { id: string; places: GeoNode[] }) {
  return (
    <section className="section section--tint search-entry-band">
      <div className="container">
        <SearchEntry id={id} places={places} />
      </div>
    </section>
  );
}

/** The search entry: area, type and budget, sent as a GET to the section's /search. */
function SearchEntry({ id, places }: { id: string; places: GeoNode[] }) {
  const action = useHref('/search');
  const area = areaChoices(places);
  const option = (place: GeoNode) => (
    <option key={place.path} value={place.path}>
      {`${place.name} (${place.count})`}
    </option>
  );
  return (
    <form className="search-entry" method="get" action={action} role="search" aria-labelledby={id}>
      <h2 className="search-entry__title" id={id}>
        {t('partnerHome.searchEntry.title')}
      </h2>
      <Choice id={`${id}-area`} name={area.name} label={t('partnerHome.searchEntry.area')} any={t('partnerHome.searchEntry.anyArea')}>
        {area.grouped
          ? area.groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map(option)}
              </optgroup>
            ))
          : area.groups.flatMap((group) => group.options).map(option)}
      </Choice>
      <Choice id={`${id}-cat`} name="cat" label={t('partnerHome.searchEntry.category')} any={t('partnerHome.searchEntry.anyCategory')}>
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryLabel(category)}
          </option>
        ))}
      </Choice>
      <Choice id={`${id}-budget`} name="priceto" label={t('partnerHome.searchEntry.budget')} any={t('partnerHome.searchEntry.anyBudget')}>
        {BUDGETS.map((price) => (
          <option key={price} value={price}>
            {t('partnerHome.searchEntry.upTo', { price: formatPrice(price) })}
          </option>
        ))}
      </Choice>
      <button className="button button--primary search-entry__submit" type="submit">
        {t('partnerHome.searchEntry.submit')}
      </button>
    </form>
  );
}

/** A labelled select of the entry, "any" first (the field left out of the search). */
function Choice({ id, name, label, any, children }: { id: string; name: string; label: string; any: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__input" id={id} name={name} defaultValue="">
        <option value="">{any}</option>
        {children}
      </select>
    </div>
  );
}
