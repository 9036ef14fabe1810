// The search form's "more filters" (issue 22): the stage, "ready by" (now, or
// the end of a year), the built area and the features of the vocabulary
// (src/shared/features.ts), each option with the number of developments it
// would leave (/api/facets, which the form asks for and hands over, with its
// `counted`: importing them would split them into a file of their own).
// Loaded when shown (SearchForm.tsx); fields of the search form, so that
// without JavaScript they are sent with it (without their counts).
import { useEffect, useRef } from 'react';
import { BEACH_DISTANCES, BUILT_AREAS, FEATURES, deliveryYears, type DeliveryBy, type Feature } from '../../../shared/features.ts';
import { t } from '../../../shared/i18n.ts';
import { NEW_BUILD_STAGES } from '../../../shared/catalogue-terms.ts';
import type { SearchFilters } from '../../../shared/search-url.ts';
import type { FacetCounts, counted as Counted } from './SearchForm.tsx';

export type MoreFilterValues = Pick<SearchFilters, 'features' | 'stage' | 'delivery' | 'builtfrom' | 'beach'>;

/** `list` with `item` in or out, in the order of `all`. */
function toggled<T>(all: readonly T[], list: readonly T[], item: T, on: boolean): T[] {
  return all.filter((x) => (x === item ? on : list.includes(x)));
}

interface Props {
  filters: MoreFilterValues;
  onChange: (next: MoreFilterValues) => void;
  /** Shown because the visitor asked: the focus goes to the first field. */
  focus?: boolean;
  /** How many developments each option would leave, once known. */
  counts: FacetCounts | undefined;
  counted: typeof Counted;
}

export function MoreFilters({ filters, onChange, focus = false, counts: facets, counted }: Props) {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) first.current?.focus();
  }, [focus]);
  const set = (next: Partial<MoreFilterValues>) => onChange({ ...filters, ...next });

  return (
    <div className="search-form__more">
      <fieldset className="search-form__group">
        <legend className="search-form__legend">{t('search.filters.stage')}</legend>
        <ul className="search-form__checks">
          {NEW_BUILD_STAGES.map((stage, i) => (
            <li key={stage}>
              <label>
                <input
                  ref={i === 0 ? first : undefined}
                  type="checkbox"
                  name="stage"
                  value={stage}
                  checked={filters.stage.includes(stage)}
                  onChange={(e) => set({ stage: toggled(NEW_BUILD_STAGES, filters.stage, stage, e.target.checked) })}
                />
                <span>{counted(t(`stages.${stage}`), facets?.stage[stage])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="search-form__row">
        <div className="field search-form__field">
          <label className="field__label" htmlFor="search-delivery">
            {t('search.filters.delivery')}
          </label>
          <select
            className="field__input"
            id="search-delivery"
            name="delivery"
            value={filters.delivery ?? ''}
            onChange={(e) => set({ delivery: (e.target.value || undefined) as DeliveryBy | undefined })}
          >
            <option value="">{t('search.filters.deliveryAny')}</option>
            <option value="now">{counted(t('search.terms.deliveryNow'), facets?.delivery.now)}</option>
            {deliveryYears(new Date()).map((year) => (
              <option key={year} value={year}>
                {counted(t('search.terms.deliveryYear', { year }), facets?.delivery[year])}
              </option>
            ))}
          </select>
        </div>
        <NumberSelect
          name="builtfrom"
          label={t('search.filters.builtFrom')}
          any={t('search.filters.any')}
          value={filters.builtfrom}
          options={BUILT_AREAS.map((area) => [area, counted(t('search.terms.atLeastArea', { area }), facets?.builtfrom[area])])}
          onChange={(builtfrom) => set({ builtfrom })}
        />
        <NumberSelect
          name="beach"
          label={t('search.filters.beach')}
          any={t('search.filters.beachAny')}
          value={filters.beach}
          options={BEACH_DISTANCES.map((km) => [km, counted(t('search.filters.km', { km }), facets?.beach[km])])}
          onChange={(beach) => set({ beach })}
        />
      </div>

      <fieldset className="search-form__group">
        <legend className="search-form__legend">{t('search.filters.features')}</legend>
        <ul className="search-form__checks">
          {FEATURES.map((feature: Feature) => (
            <li key={feature}>
              <label>
                <input
                  type="checkbox"
                  name="features"
                  value={feature}
                  checked={filters.features.includes(feature)}
                  onChange={(e) => set({ features: toggled(FEATURES, filters.features, feature, e.target.checked) })}
                />
                <span>{counted(t(`features.${feature}`), facets?.features[feature])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

/** A select of whole-number thresholds (a size, a distance), 0 being "any". */
function NumberSelect({
  name,
  label,
  any,
  value,
  options,
  onChange,
}: {
  name: 'builtfrom' | 'beach';
  label: string;
  any: string;
  value: number;
  options: Array<[number, string]>;
  onChange: (value: number) => void;
}) {
  return (
    <div className="field search-form__field">
      <label className="field__label" htmlFor={`search-${name}`}>
        {label}
      </label>
      <select
        className="field__input"
        id={`search-${name}`}
        name={name}
        value={value || ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        <option value="">{any}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
