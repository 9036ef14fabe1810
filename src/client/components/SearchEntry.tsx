// The search entry of a home page (the main site's and a partner's): a place
// by name, type and budget, a plain GET form to the section's /places, which
// leads to the readable search of the place meant (src/shared/place-choice.ts),
// so it works without JavaScript.
import type { ReactNode } from 'react';
import { KNOWN_CATEGORIES } from '../../shared/catalogue-terms.ts';
import { formatPrice } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { useHref } from '../lib/section.tsx';
import { categoryLabel } from '../../shared/category-label.ts';
import { PlaceField } from './search/PlaceField.tsx';
import { useAddress } from './Link.tsx';

/** The budget's choices, a search's top price: the bands new-build buyers on the Spanish coasts shop in. */
const BUDGETS = [150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 2_000_000];

/** The search entry in its band across the page, as a home page shows it. */
export function SearchEntryBand({ id }: { id: string }) {
  return (
    <section className="section section--tint search-entry-band">
      <div className="container">
        <SearchEntry id={id} />
      </div>
    </section>
  );
}

/**
 * The search entry: a place's name, type and budget, sent as a GET to the
 * section's /places. `initial` fills it again (the place-choice page's query).
 */
export function SearchEntry({ id, initial }: { id: string; initial?: URLSearchParams }) {
  const action = useAddress(useHref('/places'));
  return (
    <form className="search-entry" method="get" action={action} role="search" aria-labelledby={id}>
      <h2 className="search-entry__title" id={id}>
        {t('partnerHome.searchEntry.title')}
      </h2>
      <PlaceField id={`${id}-place`} defaultValue={initial?.get('q') ?? ''} />
      <Choice
        id={`${id}-cat`}
        name="cat"
        label={t('partnerHome.searchEntry.category')}
        any={t('partnerHome.searchEntry.anyCategory')}
        value={initial?.get('cat')}
      >
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryLabel(category)}
          </option>
        ))}
      </Choice>
      <Choice
        id={`${id}-budget`}
        name="priceto"
        label={t('partnerHome.searchEntry.budget')}
        any={t('partnerHome.searchEntry.anyBudget')}
        value={initial?.get('priceto')}
      >
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

interface ChoiceProps {
  id: string;
  name: string;
  label: string;
  any: string;
  /** The option chosen at first ("any" when none). */
  value?: string | null;
  children: ReactNode;
}

/** A labelled select of the entry, "any" first (the field left out of the search). */
function Choice({ id, name, label, any, value, children }: ChoiceProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__input" id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{any}</option>
        {children}
      </select>
    </div>
  );
}
