// The search's clusters and markers on a Leaflet map, as the server clustered
// them for the view and zoom the map asked for (/api/map-markers, issue 12):
// no spatial index in the browser, only what the view shows. A marker or
// cluster still in the next answer is kept as it is, so the keyboard focus
// stays on it; new ones are placed in the markers' pane in reading order
// (north to south, west to east), which is the Tab order.
import type * as Leaflet from 'leaflet';
import type { MapCluster, MapMarker, MarkersAnswer } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { clusterIcon, markerIcon, markerLabel, nameIcon } from './marker-icons.ts';
import type { LeafletModule } from './useLeafletMap.ts';

type Item = { cluster: MapCluster } | { marker: MapMarker };

const position = (item: Item) => ('cluster' in item ? item.cluster : item.marker);
/** A cluster's id is its index's own: the same id with another count is another cluster. */
const keyOf = (item: Item) => ('cluster' in item ? `c${item.cluster.id}:${item.cluster.count}` : `m${item.marker.id}`);

export class ClusteredMarkers {
  private readonly layer: Leaflet.LayerGroup;
  private readonly shown = new Map<string, Leaflet.Marker>();
  private selected: number | null = null;

  constructor(
    private readonly L: LeafletModule,
    private readonly map: Leaflet.Map,
    private readonly onMarker: (marker: MapMarker, layer: Leaflet.Marker) => void,
  ) {
    this.layer = L.layerGroup().addTo(map);
  }

  set(answer: MarkersAnswer): void {
    const items: Item[] = [...answer.clusters.map((cluster) => ({ cluster })), ...answer.data.map((marker) => ({ marker }))];
    const wanted = new Map<string, Item>();
    for (const item of readingOrder(items)) wanted.set(keyOf(item), item);
    for (const [key, marker] of this.shown)
      if (!wanted.has(key)) {
        marker.remove();
        this.shown.delete(key);
      }
    const added = new Set<string>();
    for (const [key, item] of wanted) {
      if (this.shown.has(key)) continue;
      const marker = 'cluster' in item ? this.cluster(item.cluster) : this.single(item.marker);
      this.layer.addLayer(marker);
      nameIcon(marker, 'cluster' in item ? t('map.cluster', { count: item.cluster.count }) : markerLabel(item.marker));
      if (key === `m${this.selected}`) marker.getElement()?.classList.add('is-selected');
      this.shown.set(key, marker);
      added.add(key);
    }
    // New icons go before the next one in reading order; kept ones (maybe focused) stay put.
    let next: HTMLElement | null = null;
    for (const key of [...wanted.keys()].reverse()) {
      const element = this.shown.get(key)?.getElement();
      if (!element) continue;
      if (added.has(key) && element.parentNode && element.nextSibling !== next) element.parentNode.insertBefore(element, next);
      next = element;
    }
  }

  select(id: number | null): void {
    this.selected = id;
    for (const [key, marker] of this.shown) marker.getElement()?.classList.toggle('is-selected', key === `m${id}`);
  }

  remove(): void {
    this.layer.remove();
    this.shown.clear();
  }

  private single(m: MapMarker): Leaflet.Marker {
    const marker = this.L.marker([m.lat, m.lng], { icon: markerIcon(this.L, m), keyboard: true, riseOnHover: true });
    return activate(marker, () => this.onMarker(m, marker));
  }

  private cluster(c: MapCluster): Leaflet.Marker {
    const marker = this.L.marker([c.lat, c.lng], { icon: clusterIcon(this.L, c.count), keyboard: true });
    return activate(marker, () => this.zoomInto(c));
  }

  /** A cluster's click: the zoom where it splits (at least one level closer), centred on it. */
  private zoomInto(c: MapCluster): void {
    const { map } = this;
    map.setView([c.lat, c.lng], Math.min(Math.max(c.zoom, map.getZoom() + 1), map.getMaxZoom()));
  }
}

/**
 * A click, or Enter or Space on the focused icon (Leaflet gives its icons the
 * role of a button but opens only bound popups on Enter).
 */
function activate(marker: Leaflet.Marker, action: () => void): Leaflet.Marker {
  marker.on('click', action);
  marker.on('keydown', (event: Leaflet.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key !== 'Enter' && key !== ' ') return;
    event.originalEvent.preventDefault();
    action();
  });
  return marker;
}

/** North to south, then west to east: the order a sighted reader scans the map in. */
function readingOrder(items: Item[]): Item[] {
  return [...items].sort((a, b) => position(b).lat - position(a).lat || position(a).lng - position(b).lng);
}
