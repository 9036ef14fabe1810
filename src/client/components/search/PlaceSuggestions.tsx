// The suggestions of a place field (PlaceField.tsx), loaded when it is first
// focused: the field becomes a WAI-ARIA combobox (list autocomplete, the
// active option by aria-activedescendant) whose options are the places
// /api/places finds for the typed name. Up and Down move through them, Enter
// or a click chooses one, Escape closes the list (then empties the field).
// Sending the form goes to the chosen place's search, or resolves the typed
// name as the server would (/places), inside the page.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'wouter';
import type { PlaceMatch, PlaceMatchesAnswer } from '../../../shared/catalogue.ts';
import { t, tp } from '../../../shared/i18n.ts';
import { placeSearchHref } from '../../../shared/place-choice.ts';
import { getJson } from '../../lib/api.ts';
import { developmentsLabel, placeWhere } from './place-labels.ts';
import { useHref, useSection } from '../../lib/section.tsx';

/** A pause in typing long enough to ask: one read per word typed, not per key. */
const ASK_AFTER_MS = 120;

/** Typed names shorter than this are not asked about (the read finds nothing for them). */
const SHORTEST = 2;

interface Props {
  input: RefObject<HTMLInputElement | null>;
  /** The field's id: the list's ids start with it. */
  id: string;
}

export function PlaceSuggestions({ input, id }: Props) {
  const [places, setPlaces] = useState<PlaceMatch[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const chosen = useRef<PlaceMatch | null>(null);
  const { partnerSlug, hostPartner } = useSection();
  const partner = partnerSlug ?? hostPartner;
  const searchRoot = useHref('/search');
  const [, navigate] = useLocation();
  const listId = `${id}-places`;
  const optionId = (index: number) => `${listId}-${index}`;

  const list = useRef<HTMLUListElement>(null);

  // What the field's events need of the latest render.
  const latest = useRef({ places, open, active });
  useLayoutEffect(() => {
    latest.current = { places, open, active };
  });

  useEffect(() => {
    const field = input.current;
    const listbox = list.current;
    if (!field || !listbox) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;

    const close = () => {
      setOpen(false);
      setActive(-1);
    };
    const choose = (place: PlaceMatch) => {
      field.value = place.name;
      chosen.current = place;
      close();
    };
    const ask = () => {
      clearTimeout(timer);
      chosen.current = null;
      const q = field.value.trim();
      const turn = ++asked;
      if (q.length < SHORTEST) {
        setPlaces(null);
        close();
        return;
      }
      timer = setTimeout(() => {
        const query = new URLSearchParams(partner ? { q, partner } : { q });
        getJson<PlaceMatchesAnswer>(`/api/places?${query}`).then(
          (answer) => {
            if (turn !== asked) return;
            setPlaces(answer.data);
            setActive(-1);
            setOpen(document.activeElement === field);
          },
          // Without suggestions the field is still a field: the form resolves the name.
          () => turn === asked && setPlaces(null),
        );
      }, ASK_AFTER_MS);
    };
    const onKey = (event: KeyboardEvent) => {
      const { places: found, open: shown, active: at } = latest.current;
      const count = found?.length ?? 0;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        const down = event.key === 'ArrowDown';
        setActive(!shown ? (down ? 0 : count - 1) : down ? (at + 1) % count : at <= 0 ? count - 1 : at - 1);
      } else if (event.key === 'Enter' && shown && found && at >= 0) {
        event.preventDefault();
        choose(found[at]!);
      } else if (event.key === 'Escape') {
        if (shown) close();
        else field.value = '';
        event.preventDefault();
      }
    };
    const onClick = (event: MouseEvent) => {
      const option = (event.target as Element).closest<HTMLElement>('[role=option]');
      const place = latest.current.places?.[Number(option?.dataset.index)];
      if (place) choose(place);
    };
    // The field keeps the focus while an option is pressed.
    const onPress = (event: MouseEvent) => event.preventDefault();
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      const place = chosen.current && chosen.current.name === field.value ? chosen.current : null;
      const action = new URL(form.action, window.location.href).pathname;
      // On the choice page itself only the query would change, which does not load a page again: the browser sends it.
      if (!place && action === window.location.pathname) return;
      event.preventDefault();
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value) query.append(name, value);
      // The form's address is the page's, language first: past the router's base.
      navigate(place ? placeSearchHref(searchRoot, place, query) : `~${action}?${query}`);
    };

    field.setAttribute('role', 'combobox');
    field.setAttribute('aria-autocomplete', 'list');
    field.setAttribute('aria-controls', listId);
    // One signal takes every listener off again.
    const listening = new AbortController();
    const on = { signal: listening.signal };
    field.addEventListener('input', ask, on);
    field.addEventListener('keydown', onKey, on);
    field.addEventListener('blur', close, on);
    field.form?.addEventListener('submit', onSubmit, on);
    listbox.addEventListener('click', onClick, on);
    listbox.addEventListener('mousedown', onPress, on);
    // Typed before this code arrived: asked at once.
    if (field.value.trim()) ask();
    return () => {
      clearTimeout(timer);
      asked++;
      listening.abort();
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'])
        field.removeAttribute(name);
    };
  }, [input, listId, partner, searchRoot, navigate]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute('aria-expanded', String(open && places !== null));
    if (open && active >= 0) field.setAttribute('aria-activedescendant', optionId(active));
    else field.removeAttribute('aria-activedescendant');
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const shown = open && places !== null;
  const status = places === null ? '' : foundText(places.length);
  return (
    <>
      <ul
        ref={list}
        className="place-suggestions"
        id={listId}
        role="listbox"
        aria-label={t('searchEntry.placeSuggestions')}
        hidden={!shown || !places?.length}
      >
        {places?.map((place, index) => (
          <li
            key={place.path}
            id={optionId(index)}
            className="place-suggestions__option"
            role="option"
            aria-selected={index === active}
            data-index={index}
          >
            <span className="place-suggestions__name">{place.name}</span>
            <span className="place-suggestions__where">{placeWhere(place)}</span>
            <span className="place-suggestions__count">{developmentsLabel(place.count)}</span>
          </li>
        ))}
      </ul>
      {shown && places?.length === 0 && <p className="place-suggestions place-suggestions__none">{t('searchEntry.noPlace')}</p>}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}

function foundText(count: number): string {
  if (count === 0) return t('searchEntry.noPlace');
  return tp('searchEntry.placesFound', count);
}
