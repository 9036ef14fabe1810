// The first-party basemap under every map (basemap-build.mjs beside it makes it at
// build time): land, borders and province lines from the site's own origin,
// drawn as vector paths in a pane under the tiles. Before consent it is the
// map; after consent the tiles cover it, and where a tile fails it shows
// through. One request per page (cached a year), made when a map is shown.
import type * as Leaflet from 'leaflet';
import basemapUrl from 'virtual:basemap';
import type { LeafletModule } from './useLeafletMap.ts';

type Basemap = GeoJSON.FeatureCollection<GeoJSON.Geometry, { kind: 'land' | 'border' | 'province' }>;

/** Under the tile pane (200): the tiles, when they come, cover it. */
const BASEMAP_PANE = 'basemap';

let loading: Promise<Basemap> | null = null;

function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(basemapUrl).then(
    (res) => {
      if (!res.ok) throw new Error(`basemap: HTTP ${res.status}`);
      return res.json() as Promise<Basemap>;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

// Colours of a quiet map: the sea is the container's background (map.css).
const STYLES: Record<Basemap['features'][number]['properties']['kind'], Leaflet.PathOptions> = {
  land: { stroke: true, color: '#b9c4b0', weight: 1, fill: true, fillColor: '#f4f1ea', fillOpacity: 1 },
  border: { color: '#8f8a99', weight: 1.5, dashArray: '6 3', fill: false },
  province: { color: '#c9c2b4', weight: 1, fill: false },
};

/** Draws the basemap on `map` once loaded; the returned function removes it. */
export function addBasemap(L: LeafletModule, map: Leaflet.Map): () => void {
  let layer: Leaflet.GeoJSON | null = null;
  let removed = false;
  if (!map.getPane(BASEMAP_PANE)) {
    const pane = map.createPane(BASEMAP_PANE);
    pane.style.zIndex = '150';
    pane.style.pointerEvents = 'none';
  }
  loadBasemap().then(
    (data) => {
      if (removed) return;
      const options: Leaflet.GeoJSONOptions<Basemap['features'][number]['properties']> & Leaflet.PathOptions = {
        pane: BASEMAP_PANE,
        interactive: false,
        // One SVG for the pane (each path takes the option), drawn past the view so a pan shows no edge.
        renderer: L.svg({ pane: BASEMAP_PANE, padding: 0.5 }),
        style: (f) => (f ? STYLES[f.properties.kind] : {}),
      };
      layer = L.geoJSON(data, options).addTo(map);
    },
    (error: unknown) => console.warn('the basemap could not be loaded', error),
  );
  return () => {
    removed = true;
    layer?.remove();
  };
}
