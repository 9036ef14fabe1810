// The search filters (SPEC §3): types, place, bedrooms, bathrooms and price,
// then "more filters" (issue 22: stage, ready by, built area, features), shown
// when asked for or in use, their code loaded then (MoreFilters.tsx). Each
// option of types, rooms and the more filters says how many developments it
// would leave (/api/facets), asked for once the visitor reaches for the form
// (or the more filters are shown) and again as the search changes.
// A real GET form to the section's search page, so it works without
// JavaScript (the server moves the place fields into the path, 301); with
// JavaScript every change navigates at once to the readable URL.
// The page as the server sent it has the form in full and loads this code on
// the visitor's first use of it (LazySearchParts.browser.tsx, lib/island.tsx):
// what they changed before it arrived is applied then (takeOver).
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import useSWR from 'swr';
import { useHydrated } from '../../lib/useHydrated.ts';
import { getJson } from '../../lib/api.ts';
import { KNOWN_CATEGORIES } from '../../../shared/catalogue-terms.ts';
import { PRICE_UPPER_BOUND, ROOMS_UPPER_BOUND } from '../../../shared/constants.ts';
import { t } from '../../../shared/i18n.ts';
import {
  CLEARED,
  DEFAULT_SEARCH,
  MORE_PARAM,
  cleanPrices,
  hasMoreFilters,
  parseSearchUrl,
  type SearchFilters,
} from '../../../shared/search-url.ts';
import type { FacetsAnswer, GeoNode } from '../../../shared/catalogue.ts';
import { categoryLabel } from '../../../shared/category-label.ts';
import { Link, useAddress } from '../Link.tsx';
import { LOCATION_LEVELS, LocationFields, placeChosen } from './LocationFields.tsx';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import type { SearchPlace } from './texts.ts';
import type { SearchPageState } from './useSearchPage.ts';
import type { MoreFilterValues } from './MoreFilters.tsx';

/** How long typing in a price waits before the results follow. */
const TYPING_DELAY_MS = 600;

// A change of place is a new page (its path changes), which remounts the form:
// the control the visitor used gets the focus back.
let refocus: string | null = null;

/** The "more filters" fields' code, loaded when they are shown (before a first render that shows them: LazySearchParts). */
export const moreFilters = onDemand(() => import('./MoreFilters.tsx').then((mod) => mod.MoreFilters));

const ROOMS = Array.from({ length: ROOMS_UPPER_BOUND }, (_, i) => i + 1);

export type FacetCounts = FacetsAnswer['data'];
/** An option's label with its count, when known: 'Villa (12)'. */
export const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
// The counts follow the search: fetched for each new one (the app's SWR waits for the server's data
// otherwise), as the app fetches (its SWR settings are not handed to the form's root of its own, lib/island.tsx).
const FRESH = {
  fetcher: getJson,
  revalidateOnMount: undefined,
  revalidateOnFocus: false,
  revalidateIfStale: false,
  keepPreviousData: true,
} as const;
const priceText = (value: number, bound: number) => (value === bound ? '' : String(value));

/**
 * The page's search, each part as the page keeps it (objects and functions that stay the same while
 * the search does), not the page's state object: the form's frame renders it again when they change.
 */
export type SearchFormState = Pick<SearchPageState, 'filters' | 'root' | 'mapQuery' | 'go' | 'hrefFor' | 'remember'>;

export interface SearchFormProps extends SearchFormState {
  id: string;
  tree: GeoNode[];
  place: SearchPlace;
}

export function SearchForm({ id, tree, place, ...state }: SearchFormProps) {
  const { filters, go, root } = state;
  // Hydrating the server's form (its code arrived on first use), not rendering it afresh.
  const [fromServer] = useState(!useHydrated());
  const form = useRef<HTMLFormElement>(null);
  const action = useAddress(root);
  const [prices, setPrices] = useState({ from: priceText(filters.pricefrom, 0), to: priceText(filters.priceto, PRICE_UPPER_BOUND) });
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const counts = useSWR<FacetsAnswer>(reached ? `/api/facets?${state.mapQuery}` : null, FRESH).data?.data;

  useEffect(() => {
    // (The server's form is never a new place's: one it applies on taking over is for the next page.)
    if (!fromServer) {
      if (refocus) document.getElementById(refocus)?.focus();
      refocus = null;
    }
    return () => clearTimeout(typing.current);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- on mount

  // The URL changed (back, a link): the price fields show it; between changes they are the visitor's
  // (not on mounting: what was typed before the code took the server's form over stays).
  const [addressPrices, setAddressPrices] = useState([filters.pricefrom, filters.priceto]);
  if (addressPrices[0] !== filters.pricefrom || addressPrices[1] !== filters.priceto) {
    setAddressPrices([filters.pricefrom, filters.priceto]);
    setPrices({ from: priceText(filters.pricefrom, 0), to: priceText(filters.priceto, PRICE_UPPER_BOUND) });
  }

  // A burst of typing in the price fields is one step in the history: its first
  // commit adds an entry, the next ones (more typing) replace it.
  const typedEntry = useRef(false);
  const change = (next: Partial<SearchFilters>, replace = false) => {
    if (!replace) typedEntry.current = false;
    go({ ...next, page: 1 }, { replace });
  };

  const toggleCategory = (event: ChangeEvent<HTMLInputElement>) => {
    const id = Number(event.target.value);
    const cat = event.target.checked ? [...filters.cat, id].sort((a, b) => a - b) : filters.cat.filter((c) => c !== id);
    change({ cat });
  };

  const commitPrices = (from: string, to: string, replace: boolean) => {
    clearTimeout(typing.current);
    const next = cleanPrices(from.trim() || 0, to.trim() || PRICE_UPPER_BOUND);
    if (next.pricefrom !== filters.pricefrom || next.priceto !== filters.priceto) change(next, replace);
  };

  /** What was typed is committed once the typing pauses. */
  const typeLater = (next: Prices) => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      commitPrices(next.from, next.to, typedEntry.current);
      typedEntry.current = true;
    }, TYPING_DELAY_MS);
  };

  const typePrice = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...prices, [event.target.name === 'pricefrom' ? 'from' : 'to']: event.target.value };
    setPrices(next);
    typeLater(next);
  };

  /** Leaving a price field ends the burst: what it typed is committed, and the next typing is a new step. */
  const endTyping = () => {
    commitPrices(prices.from, prices.to, typedEntry.current);
    typedEntry.current = false;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commitPrices(prices.from, prices.to, false);
  };

  // Taken over on first use: the counts are asked for at once, and what the visitor changed
  // before the code arrived is applied now, before React writes the fields again from the address.
  useLayoutEffect(() => {
    if (!fromServer) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the server's DOM, which React does not know
    setReached(true);
    const done = takeOver(form.current!, filters);
    if (!done) return;
    if (done.prices) setPrices(done.prices);
    if (done.next) {
      if (done.place) refocus = done.place;
      change({
        ...done.next,
        ...(done.prices ? cleanPrices(done.prices.from.trim() || 0, done.prices.to.trim() || PRICE_UPPER_BOUND) : {}),
      });
    } else if (done.prices) typeLater(done.prices);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the server's form is taken over

  return (
    <form
      ref={form}
      id={id}
      className="search-form"
      method="get"
      action={action}
      aria-label={t('search.filters.label')}
      onSubmit={submit}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
    >
      <fieldset className="search-form__group">
        <legend className="search-form__legend">{t('search.filters.type')}</legend>
        <ul className="search-form__checks">
          {KNOWN_CATEGORIES.map((category) => (
            <li key={category.id}>
              <label>
                <input
                  type="checkbox"
                  name="cat"
                  value={category.id}
                  checked={filters.cat.includes(category.id)}
                  onChange={toggleCategory}
                />
                <span>{counted(categoryLabel(category), counts?.cat[category.id])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <LocationFields
        tree={tree}
        geo={filters.esGeo}
        place={place}
        onChange={(esGeo, fieldId) => {
          refocus = fieldId;
          change({ esGeo });
        }}
      />

      <div className="search-form__row">
        <RoomsField name="bedrooms" value={filters.bedrooms} counts={counts?.bedrooms} onChange={(bedrooms) => change({ bedrooms })} />
        <RoomsField name="bathrooms" value={filters.bathrooms} counts={counts?.bathrooms} onChange={(bathrooms) => change({ bathrooms })} />
      </div>

      <fieldset className="search-form__group">
        <legend className="search-form__legend">{t('search.filters.price')}</legend>
        <div className="search-form__row">
          <PriceField
            name="pricefrom"
            label={t('search.filters.priceFrom')}
            placeholder={t('search.filters.noMin')}
            value={prices.from}
            onChange={typePrice}
            onCommit={endTyping}
          />
          <PriceField
            name="priceto"
            label={t('search.filters.priceTo')}
            placeholder={t('search.filters.noMax')}
            value={prices.to}
            onChange={typePrice}
            onCommit={endTyping}
          />
        </div>
      </fieldset>

      <MoreFiltersSection state={state} onChange={change} counts={counts} onShown={setReached} />

      {filters.view !== DEFAULT_SEARCH.view ? <input type="hidden" name="view" value={filters.view} /> : null}
      {filters.bbox ? <input type="hidden" name="bbox" value={filters.bbox} /> : null}

      <div className="search-form__actions">
        <button type="submit" className="button button--primary search-form__submit">
          {t('search.filters.submit')}
        </button>
        <Link
          className="search-form__clear"
          href={state.hrefFor({ ...CLEARED, sort: filters.sort })}
          onClick={() => state.remember(CLEARED)}
        >
          {t('search.filters.clear')}
        </Link>
      </div>
    </form>
  );
}

type Prices = { from: string; to: string };

/** The fields whose changes apply as they are made, by the filter they set (the form's names are the address's). */
const APPLIED = ['cat', 'bedrooms', 'bathrooms', 'features', 'stage', 'delivery', 'builtfrom', 'beach'] as const;

/** Whether the visitor changed a field of the server's form: its value is no longer the one the server wrote. */
function changedField(field: Element): boolean {
  if (field instanceof HTMLSelectElement) {
    const written = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (written?.value ?? '');
  }
  if (!(field instanceof HTMLInputElement) || field.type === 'hidden') return false;
  return field.type === 'checkbox' ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
}

/**
 * What the visitor did in the server's form before its code arrived (a choice by pointer or keyboard,
 * typing), read from the fields when the code takes the form over: the filters their changes
 * set, as the form's own handlers would have set them, and the prices as typed. Null if nothing changed.
 */
function takeOver(
  form: HTMLFormElement,
  filters: SearchFilters,
): { next?: Partial<SearchFilters>; prices?: Prices; place?: string } | null {
  const changed = new Set(
    [...form.elements].filter((field) => form.contains(field) && changedField(field)).map((field) => (field as HTMLInputElement).name),
  );
  if (!changed.size) return null;
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') query.append(name, value);
  const sent = parseSearchUrl({}, query);
  const next: Partial<SearchFilters> = {};
  for (const name of APPLIED) if (changed.has(name)) Object.assign(next, { [name]: sent[name] });
  // The deepest place field changed says the place, as its own change would have.
  // (A change of place is a new page: the field gets the focus back there, as after its own change.)
  const level = LOCATION_LEVELS.findLastIndex((name) => changed.has(name));
  const place = level >= 0 ? (form.elements.namedItem(LOCATION_LEVELS[level]!) as HTMLSelectElement) : null;
  if (place) next.esGeo = placeChosen(place, level, filters.esGeo);
  const typed = changed.has('pricefrom') || changed.has('priceto');
  return {
    ...(Object.keys(next).length ? { next } : {}),
    ...(place ? { place: place.id } : {}),
    ...(typed ? { prices: { from: query.get('pricefrom') ?? '', to: query.get('priceto') ?? '' } } : {}),
  };
}

/** Every filter back to "any" (sort and view are the visitor's way of looking, kept). */

/**
 * "More filters": the fields when a search uses one of them, when its address
 * asks for them (the link below, without JavaScript) or once the visitor asked;
 * else a link that asks, which shows them in place with JavaScript.
 */
function MoreFiltersSection({
  state,
  onChange,
  counts,
  onShown,
}: {
  state: SearchFormState;
  onChange: (more: MoreFilterValues) => void;
  counts: FacetCounts | undefined;
  /** Told when the fields are shown (their counts are asked for then). */
  onShown: (shown: true) => void;
}) {
  const { features, stage, delivery, builtfrom, beach } = state.filters;
  const asked = new URLSearchParams(useSearch()).has(MORE_PARAM) || hasMoreFilters(state.filters);
  // Shown once, they stay: clearing the last of them does not fold them away under the visitor.
  const [kept] = useState(asked);
  const [opened, setOpened] = useState(false);
  const shown = kept || opened || asked;
  const Fields = useOnDemand(moreFilters, shown).value;
  const plain = state.hrefFor({});
  const href = useAddress(`${plain}${plain.includes('?') ? '&' : '?'}${MORE_PARAM}=1`);
  // Their counts are asked for as soon as they are shown.
  useEffect(() => {
    if (shown) onShown(true);
  }, [shown, onShown]);
  if (shown && Fields)
    return (
      <Fields
        filters={{ features, stage, delivery, builtfrom, beach }}
        onChange={onChange}
        focus={opened}
        counts={counts}
        counted={counted}
      />
    );
  return (
    <a
      className="search-form__more-link"
      href={href}
      aria-busy={shown}
      onClick={(event) => {
        event.preventDefault();
        setOpened(true);
      }}
    >
      {t('search.filters.more')}
    </a>
  );
}

function RoomsField({
  name,
  value,
  counts,
  onChange,
}: {
  name: 'bedrooms' | 'bathrooms';
  value: number;
  counts: Record<string, number> | undefined;
  onChange: (n: number) => void;
}) {
  const id = `search-${name}`;
  return (
    <div className="field search-form__field">
      <label className="field__label" htmlFor={id}>
        {t(`search.terms.${name}`)}
      </label>
      <select className="field__input" id={id} name={name} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>{t('search.filters.any')}</option>
        {ROOMS.map((n) => (
          <option key={n} value={n}>
            {counted(t('search.terms.atLeast', { count: n }), counts?.[n])}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PriceFieldProps {
  name: 'pricefrom' | 'priceto';
  label: string;
  placeholder: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onCommit: () => void;
}

function PriceField({ name, label, placeholder, value, onChange, onCommit }: PriceFieldProps) {
  const id = `search-${name}`;
  return (
    <div className="field search-form__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="field__input"
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={PRICE_UPPER_BOUND}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        onBlur={onCommit}
      />
    </div>
  );
}
