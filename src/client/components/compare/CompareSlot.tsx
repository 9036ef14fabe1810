// Where a "Compare" toggle goes (issue 22): beside the heart on every card and
// on the property page. Its code (CompareToggle.tsx) is loaded on the
// visitor's first move, touch, scroll or key, not before interaction: the list
// it reads is kept in this browser only, so the server and the hydrating page
// show every toggle off anyway. A card shows
// nothing until then (the toggle sits over the picture: nothing moves); the
// property page shows the button as it will be (pressed when the list holds it,
// once hydrated), so its row does not move, and hands its focus and a press
// made before the code came to the toggle.
import { useState } from 'react';
import { t } from '../../../shared/i18n.ts';
import { compareList } from '../../lib/compare-list.ts';
import { onDemand, useAfterFirstInteraction, useOnDemand } from '../../lib/on-demand.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

export interface CompareToggleProps {
  projectId: number;
  /** The project's name, for the button's accessible name. */
  name: string;
  variant?: 'card' | 'page';
  /** The page's placeholder had the focus when the toggle replaced it: the toggle takes it. */
  heldFocus?: boolean;
  /** The placeholder was pressed before the code came: the toggle acts on it once. */
  heldPress?: boolean;
}

const toggle = onDemand(() => import('./CompareToggle.tsx').then((mod) => mod.CompareToggle));

export function CompareSlot(props: CompareToggleProps) {
  const [held, setHeld] = useState({ heldFocus: false, heldPress: false });
  const pressed = compareList.use().includes(props.projectId);
  const Toggle = useOnDemand(toggle, useAfterFirstInteraction() || held.heldPress).value;
  // Hydrating as the server rendered it, though the code came already: a part hydrated after the page
  // (lib/island.tsx, the similar projects) once another slot had loaded it.
  const hydrated = useHydrated();
  if (Toggle && hydrated) return <Toggle {...props} {...held} />;
  return props.variant === 'page' ? (
    <button
      type="button"
      className={`compare-toggle compare-toggle--page${pressed ? ' is-pressed' : ''}`}
      aria-pressed={pressed}
      onFocus={() => setHeld((h) => ({ ...h, heldFocus: true }))}
      onBlur={() => setHeld((h) => ({ ...h, heldFocus: false }))}
      onClick={() => setHeld({ heldFocus: true, heldPress: true })}
    >
      {t('compare.toggle')}
      <span className="visually-hidden"> {props.name}</span>
    </button>
  ) : null;
}
