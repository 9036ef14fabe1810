// Links to the pages of results, rendered by the server so that they work
// without JavaScript: previous/next (rel=prev/next) and a window of numbers
// around the current page, with the first and the last. The browser loads this
// code on first use (LazySearchParts.browser.tsx, lib/island.tsx).
import { t } from '../../../shared/i18n.ts';
import { Link } from '../Link.tsx';
import type { SearchPageState } from './useSearchPage.ts';

export interface PaginationProps extends Pick<SearchPageState, 'hrefFor'> {
  page: number;
  pages: number;
}

/** 1 … 4 5 [6] 7 8 … 20: null marks a gap. */
export function pageWindow(page: number, pages: number, around = 2): Array<number | null> {
  const out: Array<number | null> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function Pagination({ page, pages, hrefFor }: PaginationProps) {
  if (pages <= 1 && page <= 1) return null;
  const hrefOf = (p: number) => hrefFor({ page: p });
  const last = Math.max(pages, 1);
  return (
    <nav className="pagination" aria-label={t('search.pagination.label')}>
      <ul className="pagination__list">
        {page > 1 ? (
          <li>
            <Link className="pagination__step" rel="prev" href={hrefOf(Math.min(page - 1, last))}>
              {t('search.pagination.previous')}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className={p === page ? 'pagination__page is-current' : 'pagination__page'}
                href={hrefOf(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('search.pagination.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < last ? (
          <li>
            <Link className="pagination__step" rel="next" href={hrefOf(page + 1)}>
              {t('search.pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
