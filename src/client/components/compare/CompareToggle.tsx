// The "Compare" toggle of one development (issue 22): pressed, the project is
// in the list this browser keeps (lib/compare-list.ts). The button's pressed
// state and the tray's count (CompareTray.tsx) say what changed; no toast
// covers the next card a visitor picks. A full list is not changed: a toast
// says so and leads to the comparison, where one can be removed.
import { useEffect, useRef } from 'react';
import { COMPARE_MAX, compareHref } from '../../../shared/compare.ts';
import { t } from '../../../shared/i18n.ts';
import { compareList } from '../../lib/compare-list.ts';
import { useHref } from '../../lib/section.tsx';
import { useToast } from '../toast/Toasts.tsx';
import type { CompareToggleProps } from './CompareSlot.tsx';

export function CompareToggle({ projectId, name, variant = 'card', heldFocus, heldPress }: CompareToggleProps) {
  const ids = compareList.use();
  const toast = useToast();
  const page = useHref('/compare');
  const pressed = ids.includes(projectId);

  function toggle() {
    const now = compareList.read();
    if (now.includes(projectId)) return compareList.write(now.filter((id) => id !== projectId));
    if (now.length < COMPARE_MAX) return compareList.write([...now, projectId]);
    toast.show(t('compare.full', { max: COMPARE_MAX }), 'info', {
      label: t('compare.open', { count: now.length }),
      href: compareHref(page, now),
    });
  }

  // A press on the page's placeholder before this code came (CompareSlot), acted on once.
  const replayed = useRef(false);
  useEffect(() => {
    if (!heldPress || replayed.current) return;
    replayed.current = true;
    toggle();
  });

  return (
    <button
      type="button"
      autoFocus={heldFocus}
      className={`compare-toggle compare-toggle--${variant}${pressed ? ' is-pressed' : ''}`}
      aria-pressed={pressed}
      onClick={toggle}
    >
      {t('compare.toggle')}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
