// A Leaflet map in a container, for the browser only: Leaflet is imported
// here, inside an effect, so it never runs during
// server rendering, and only once the container comes near the screen
// (useNearViewport), so a page whose map lies below the fold loads none of it
// before the visitor scrolls there. Every map has the site's own basemap
// (basemap.ts) at once; the tile layer is added over it once the visitor's
// consent allows it (or at once for first-party tiles, see tiles.ts); until
// then `tilesBlocked` is true. A tile that fails is hidden, so the basemap
// shows through it.
import { useEffect, useState, type RefObject } from 'react';
import type * as Leaflet from 'leaflet';
import { useConsent } from '../../lib/consent.tsx';
import { useNearViewport } from '../../lib/useNearViewport.ts';
import { t } from '../../../shared/i18n.ts';
import { addBasemap } from './basemap.ts';
import { tileConfig, type TileConfig } from './tiles.ts';

export type LeafletModule = typeof Leaflet;

export interface LeafletMap {
  L: LeafletModule;
  map: Leaflet.Map;
}

let loading: Promise<LeafletModule> | null = null;

function loadLeaflet(): Promise<LeafletModule> {
  loading ??= import('leaflet').then(
    (mod) => ((mod as { default?: LeafletModule }).default ?? mod) as LeafletModule,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface UseLeafletMap {
  /** null until Leaflet has loaded and the map exists. */
  leaflet: LeafletMap | null;
  /** True while tiles wait for the visitor's consent (never on the server: nothing is known there). */
  tilesBlocked: boolean;
  /** Leaflet could not be loaded (e.g. offline). */
  failed: boolean;
}

export function useLeafletMap(container: RefObject<HTMLElement | null>, options: Leaflet.MapOptions): UseLeafletMap {
  const [leaflet, setLeaflet] = useState<LeafletMap | null>(null);
  const [tiles, setTiles] = useState<TileConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const { ready, allowed } = useConsent();
  const near = useNearViewport(container);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let created: Leaflet.Map | undefined;
    let removeBasemap: (() => void) | undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the tiles depend on the consent cookie, read in the browser only
    setTiles(tileConfig());
    loadLeaflet().then(
      (L) => {
        if (cancelled || !container.current) return;
        // The attribution sits at the top: the page may lay a panel over the map's foot.
        created = L.map(container.current, { ...options, attributionControl: false });
        L.control.attribution({ position: 'topright' }).addAttribution(t('basemap.attribution')).addTo(created);
        removeBasemap = addBasemap(L, created);
        setLeaflet({ L, map: created });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('the map could not be loaded', error);
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      removeBasemap?.();
      created?.remove();
      setLeaflet(null);
    };
    // The options are the map's initial ones: a new map for new options is never wanted.
  }, [near]); // eslint-disable-line react-hooks/exhaustive-deps -- one map per mount: see above

  const tilesAllowed = Boolean(tiles && (tiles.firstParty || (ready && allowed('functional'))));
  useEffect(() => {
    if (!leaflet || !tiles || !tilesAllowed) return;
    const layer = leaflet.L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: false });
    // Hidden, not left as a broken image: the basemap under it shows instead.
    layer.on('tileerror', (event: Leaflet.TileErrorEvent) => event.tile.classList.add('is-failed'));
    layer.addTo(leaflet.map);
    return () => {
      layer.remove();
    };
  }, [leaflet, tiles, tilesAllowed]);

  return { leaflet, tilesBlocked: Boolean(leaflet) && !tilesAllowed, failed };
}
