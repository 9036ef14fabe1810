// The map of the search results (issue 4, "The map" and "search by map"):
// the search's markers, clustered by the server for the view and zoom shown
// (asked again after each move, issue 12); a marker's click opens its card in a popup
// and selects it; after the visitor pans or zooms, "Search this area" hands
// the view's bbox to the page; a full-screen toggle (aria-pressed; Escape
// leaves). Full screen is the page's CSS class on the map's box, not the
// Fullscreen API, so it works on phones; the map fills whatever box it gets.
//
// Client-only: the server renders the sized, empty box and the controls;
// Leaflet loads in an effect (useLeafletMap.ts).
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import useSWR from 'swr';
import type * as Leaflet from 'leaflet';
import type { MarkersAnswer } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { bboxParam, viewParams } from './bbox.ts';
import { ClusteredMarkers } from './clustered-markers.ts';
import { ConsentNotice } from './ConsentNotice.tsx';
import { MarkerPopup } from './MarkerPopup.tsx';
import { useLeafletMap } from './useLeafletMap.ts';

export interface ResultsMapProps {
  /** The GET query of the search (as for /api/properties, with account_id) without page and per_page. */
  query: string;
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  fullscreen: boolean;
  onFullscreenChange: (on: boolean) => void;
  /** "Search this area": the view as 'west,south,east,north'. Without it, no such button. */
  onSearchArea?: (bbox: string) => void;
  /** How many pixels at the map's foot the page lays something over (a results panel): the results are fitted above them. */
  coveredBottom?: () => number;
  className?: string;
}

/** Spain, before the markers are known or when there are none. */
const DEFAULT_VIEW = { center: [39.6, -3.2] as [number, number], zoom: 5 };
const MAP_OPTIONS: Leaflet.MapOptions = { ...DEFAULT_VIEW, minZoom: 2, maxZoom: 18, worldCopyJump: false };

/** The centre and zoom of a view: what a visitor's pan or zoom changes, and a resize does not. */
interface View {
  center: Leaflet.LatLng;
  zoom: number;
}

const viewOf = (map: Leaflet.Map): View => ({ center: map.getCenter(), zoom: map.getZoom() });

/** Whether the map shows another view than `view` (a resize moves the centre by half a pixel at most). */
function movedFrom(map: Leaflet.Map, view: View | null): boolean {
  if (!view || view.zoom !== map.getZoom()) return true;
  return map.latLngToContainerPoint(view.center).distanceTo(map.getSize().divideBy(2)) > 2;
}

/** How long after a popup starts panning into view the map's moves are its own. */
const AUTOPAN_QUIET_MS = 1000;
/** A move's markers are asked for once the map has been still this long (a drag, then a zoom, is one request). */
const VIEW_DEBOUNCE_MS = 150;

/** The markers' request for what `map` shows now. */
const viewOfMap = (map: Leaflet.Map) => {
  const b = map.getBounds();
  return viewParams({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, map.getZoom());
};

interface OpenPopup {
  id: number;
  element: HTMLElement;
  popup: Leaflet.Popup;
}

export function ResultsMap({
  query,
  selectedId = null,
  onSelect,
  fullscreen,
  onFullscreenChange,
  onSearchArea,
  coveredBottom,
  className,
}: ResultsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const { leaflet, tilesBlocked, failed } = useLeafletMap(container, MAP_OPTIONS);
  // 'view=…&zoom=…' of the map, set once it exists and after each move.
  const [view, setView] = useState<string | null>(null);
  // From a move until its markers are drawn: aria-busy on the map.
  const [viewPending, setViewPending] = useState(false);
  const { data, isLoading, isValidating } = useSWR<MarkersAnswer>(leaflet && view ? `/api/map-markers?${query}&${view}` : null, {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
  /** The search whose results the map was last fitted to: a new view of the same search is not refitted. */
  const fittedQuery = useRef<string | null>(null);
  const [markers, setMarkers] = useState<ClusteredMarkers | null>(null);
  const [popup, setPopup] = useState<OpenPopup | null>(null);
  const [moved, setMoved] = useState(false);
  // Moves the map makes itself (fitting the results) are not the visitor's, and
  // neither is a resize (full screen): the view the visitor last had is kept
  // and "Search this area" shows once its centre or zoom changes.
  const fitting = useRef(false);
  const lastView = useRef<View | null>(null);
  // A popup panning into view moves the map after a click, animated: not a choice of area either.
  const quietUntil = useRef(0);
  const onSelectRef = useRef(onSelect);
  // eslint-disable-next-line react-hooks/refs -- the latest callback for Leaflet's handlers, which are bound once
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const layer = new ClusteredMarkers(L, map, (marker, icon) => {
      const element = document.createElement('div');
      element.className = 'map-popup';
      const opened = L.popup({ minWidth: 240, maxWidth: 300, className: 'map-popup-wrap', autoPanPadding: L.point(24, 24) })
        .setLatLng(icon.getLatLng())
        .setContent(element)
        .openOn(map);
      opened.on('remove', () => setPopup((open) => (open?.element === element ? null : open)));
      setPopup({ id: marker.id, element, popup: opened });
      onSelectRef.current?.(marker.id);
    });
    lastView.current = viewOf(map);
    setView(viewOfMap(map));
    let viewTimer: ReturnType<typeof setTimeout> | undefined;
    const onMoveEnd = () => {
      clearTimeout(viewTimer);
      setViewPending(true);
      viewTimer = setTimeout(() => {
        setView(viewOfMap(map));
        setViewPending(false);
      }, VIEW_DEBOUNCE_MS);
      if (fitting.current || performance.now() < quietUntil.current) {
        fitting.current = false;
        lastView.current = viewOf(map);
      } else if (movedFrom(map, lastView.current)) setMoved(true);
    };
    const onAutoPan = () => {
      quietUntil.current = performance.now() + AUTOPAN_QUIET_MS;
    };
    map.on('moveend', onMoveEnd);
    map.on('autopanstart', onAutoPan);
    setMarkers(layer);
    return () => {
      clearTimeout(viewTimer);
      map.off('moveend', onMoveEnd);
      map.off('autopanstart', onAutoPan);
      layer.remove();
      setMarkers(null);
    };
  }, [leaflet]);

  /** Shows all the results, clear of what the page lays over the map's foot, unless the visitor chose the area. */
  const fitResults = () => {
    if (!leaflet || !data || new URLSearchParams(query).has('bbox')) return;
    const { L, map } = leaflet;
    fitting.current = true;
    if (data.meta.bounds) {
      const [west, south, east, north] = data.meta.bounds;
      const bounds = L.latLngBounds([south, west], [north, east]);
      // Room for a pill above its point (top) and a disc's half around it,
      // and for what lies over the map: the page's panel, the consent notice.
      const height = map.getSize().y;
      let top = 48;
      let bottom = 32 + (coveredBottom?.() ?? 0);
      const notice = section.current?.querySelector('.map-notice--consent');
      if (notice && section.current) {
        const box = section.current.getBoundingClientRect();
        const over = notice.getBoundingClientRect();
        if (over.top - box.top < height / 2) top = Math.max(top, over.bottom - box.top + 40);
        else bottom = Math.max(bottom, box.bottom - over.top + 40);
      }
      // Never so much that no room is left (a tiny map): then the results at least fit the map.
      if (top + bottom > height * 0.75) [top, bottom] = [48, 32];
      map.fitBounds(bounds, { paddingTopLeft: [40, top], paddingBottomRight: [40, bottom], maxZoom: 15, animate: false });
    } else map.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom, { animate: false });
    setMoved(false);
  };

  // New markers: draw them; the first answer of a new search shows all its results.
  useEffect(() => {
    if (!leaflet || !markers || !data) return;
    markers.set(data);
    // While a new search loads, `data` is still the previous one's.
    if (isLoading || fittedQuery.current === query) return;
    fittedQuery.current = query;
    fitResults();
  }, [leaflet, markers, data, isLoading, query]); // eslint-disable-line react-hooks/exhaustive-deps -- a new search refits the map; fitResults reads the latest view itself

  useEffect(() => {
    markers?.select(selectedId);
  }, [markers, selectedId]);

  // The page resizes the map's box for full screen (its class); the map follows.
  useEffect(() => {
    if (leaflet) {
      // Without animation the resize's own pan ends inside this call: not the visitor's move.
      fitting.current = true;
      leaflet.map.invalidateSize({ animate: false });
      fitting.current = false;
      // Full screen lays the results panel over the map: the results are refitted
      // above it, unless the visitor has moved the map (their view is kept).
      if (!moved) fitResults(); // eslint-disable-line react-hooks/set-state-in-effect -- as above
    }
    if (!fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onFullscreenChange(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen, leaflet, onFullscreenChange]); // eslint-disable-line react-hooks/exhaustive-deps -- a refit follows entering or leaving full screen, not the visitor's own moves

  const searchArea = () => {
    if (!leaflet || !onSearchArea) return;
    const { map } = leaflet;
    const b = map.getBounds();
    lastView.current = viewOf(map);
    setMoved(false);
    onSearchArea(bboxParam({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }));
  };

  const classes = ['results-map', fullscreen ? 'is-fullscreen' : '', tilesBlocked ? 'is-plain' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <section ref={section} className={classes} aria-label={t('map.label')} aria-busy={viewPending || isValidating || undefined}>
      <div ref={container} className="results-map__canvas" />
      <div className="results-map__top">
        {moved && onSearchArea ? (
          <button type="button" className="map-button map-button--primary" onClick={searchArea}>
            {t('map.searchArea')}
          </button>
        ) : null}
        {data?.meta.truncated ? (
          <p className="map-notice" role="status">
            {t('map.truncated', { shown: data.data.length, total: data.meta.total })}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="map-button map-button--fullscreen"
        aria-pressed={fullscreen}
        onClick={() => onFullscreenChange(!fullscreen)}
      >
        {t('map.fullscreen')}
      </button>
      {failed ? <p className="map-notice map-notice--failed">{t('map.failed')}</p> : null}
      {tilesBlocked ? <ConsentNotice /> : null}
      {/* Shown only where scripts cannot run (search.css): the server's page says it, the browser's never needs to. */}
      <p className="map-notice map-notice--no-script">{t('map.needsScript')}</p>
      {popup ? createPortal(<MarkerPopup id={popup.id} onChange={() => popup.popup.update()} />, popup.element) : null}
    </section>
  );
}
