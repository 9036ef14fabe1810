// The map view: the map of every match (engineer B's ResultsMap) with this
// page's results as a horizontal strip of cards in a panel that expands and
// collapses: under the map, or over its foot on tall wide windows and in full
// screen (search.css). Full screen is a class on the page (set by the page).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProjectCard as Project } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { ResultsMap } from '../map/ResultsMap.tsx';
import { ResultCards } from './ResultCards.tsx';
import type { SearchPageState } from './useSearchPage.ts';
import { scrollToY } from '../../lib/scroll.ts';

export const STRIP_ID = 'search-strip';

/** Where the map takes the window's height (search.css says the same). */
const FILLS_WINDOW = '(max-width: 767.98px), (max-height: 700px)';

export interface MapResultsProps {
  state: SearchPageState;
  projects: Project[];
  fullscreen: boolean;
  onFullscreenChange: (on: boolean) => void;
  /** Pagination and the empty state, under the strip. */
  children?: ReactNode;
}

export function MapResults({ state, projects, fullscreen, onFullscreenChange, children }: MapResultsProps) {
  const [expanded, setExpanded] = useState(true);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const panel = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);

  // On a phone or a short window the map is as tall as the window (search.css): opened, it is
  // brought to the window's top, so that it fills the screen rather than starting below the fold.
  useEffect(() => {
    const map = box.current;
    if (!map || !window.matchMedia(FILLS_WINDOW).matches) return;
    const top = map.getBoundingClientRect().top;
    if (Math.abs(top) > 1) scrollToY(window.scrollY + top);
  }, []);
  // The panel and its gap to the map's foot, where it lies over the map (the
  // map's box is its offset parent); nothing where it comes after the map (search.css).
  const coveredBottom = () => {
    const box = panel.current?.offsetParent;
    if (!box || !panel.current || getComputedStyle(panel.current).position !== 'absolute') return 0;
    return box.clientHeight - panel.current.offsetTop;
  };

  // A marker chosen on the map: its card comes into view in the strip.
  useEffect(() => {
    if (selectedId === null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a choice on the map (outside React) opens the strip, which the visitor may close again
    setExpanded(true);
    document
      .querySelector(`#${STRIP_ID} [data-project-item="${selectedId}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [selectedId]);

  return (
    <div className={fullscreen ? 'search-map is-fullscreen' : 'search-map'} ref={box}>
      <ResultsMap
        className="search-map__map"
        query={state.mapQuery}
        selectedId={selectedId}
        onSelect={setSelectedId}
        fullscreen={fullscreen}
        onFullscreenChange={onFullscreenChange}
        onSearchArea={(bbox) => state.go({ bbox, page: 1 })}
        coveredBottom={coveredBottom}
      />
      <section
        ref={panel}
        className={expanded ? 'search-map__panel' : 'search-map__panel is-collapsed'}
        aria-labelledby="search-map-panel-title"
      >
        <div className="search-map__bar">
          <h2 className="search-map__title" id="search-map-panel-title">
            {t('search.panel.title')}
          </h2>
          <button
            type="button"
            className="map-button search-map__toggle"
            aria-expanded={expanded}
            aria-controls={STRIP_ID}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('search.panel.hide') : t('search.panel.show')}
          </button>
        </div>
        <div className="search-map__body" id={STRIP_ID} hidden={!expanded}>
          <ResultCards projects={projects} variant="strip" selectedId={selectedId} />
          {children}
        </div>
      </section>
    </div>
  );
}
