// A bar at the foot of the window while this browser holds developments to
// compare: the link to their comparison, with their count, and a button that
// forgets them. Not on the comparison itself, which shows them.
import { useLocation } from 'wouter';
import { compareHref } from '../../../shared/compare.ts';
import { t } from '../../../shared/i18n.ts';
import { compareList } from '../../lib/compare-list.ts';
import { useHref } from '../../lib/section.tsx';
import { Link } from '../Link.tsx';

export function CompareTray({ ids }: { ids: readonly number[] }) {
  const [path] = useLocation();
  const page = useHref('/compare');
  if (path === page) return null;
  return (
    <aside className="compare-tray" aria-label={t('compare.title')}>
      <Link className="compare-tray__open" href={compareHref(page, ids)}>
        {t('compare.open', { count: ids.length })}
      </Link>
      <button
        type="button"
        className="compare-tray__clear"
        title={t('compare.clear')}
        aria-label={t('compare.clear')}
        onClick={() => compareList.write([])}
      />
    </aside>
  );
}
