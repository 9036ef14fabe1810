// The search page's way to a place by its name, beside the cascade of the
// filters: a GET form to the section's /places (src/shared/place-choice.ts)
// that carries the search's other filters, so the place found keeps them.
import { t } from '../../../shared/i18n.ts';
import { searchHref, type SearchFilters } from '../../../shared/search-url.ts';
import { useHref } from '../../lib/section.tsx';
import { PlaceField } from './PlaceField.tsx';
import { useAddress } from '../Link.tsx';

export function PlaceNameForm({ id, filters }: { id: string; filters: SearchFilters }) {
  const action = useAddress(useHref('/places'));
  // The search's filters but its place, page and map box, as the readable address spells them.
  const kept = new URLSearchParams(searchHref('', { ...filters, esGeo: {}, page: 1, bbox: undefined }).split('?')[1]);
  return (
    <form id={id} className="place-name-form" method="get" action={action} role="search" aria-label={t('search.filters.placeByName')}>
      <PlaceField id="search-place" defaultValue="" label={t('search.filters.placeByName')} />
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--outline place-name-form__submit">
        {t('search.filters.findPlace')}
      </button>
    </form>
  );
}
