// Where a "Compare" toggle goes (issue 22): beside the heart on every card and
// on the property page. Its code (CompareToggle.tsx) is loaded once the page
// has hydrated, not before: the list it reads is kept in this browser only, so
// the server and the hydrating page show every toggle off anyway. A card shows
// nothing until then (the toggle sits over the picture: nothing moves); the
// property page shows the button as it will be, so its row does not move.
import { t } from '../../../shared/i18n.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

export interface CompareToggleProps {
  projectId: number;
  /** The project's name, for the button's accessible name. */
  name: string;
  variant?: 'card' | 'page';
}

const toggle = onDemand(() => import('./CompareToggle.tsx').then((mod) => mod.CompareToggle));

export function CompareSlot(props: CompareToggleProps) {
  const Toggle = useOnDemand(toggle, useHydrated()).value;
  if (Toggle) return <Toggle {...props} />;
  return props.variant === 'page' ? (
    <button type="button" className="compare-toggle compare-toggle--page" aria-pressed="false">
      {t('compare.toggle')}
      <span className="visually-hidden"> {props.name}</span>
    </button>
  ) : null;
}
