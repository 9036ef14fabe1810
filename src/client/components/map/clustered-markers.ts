// The search's markers on a Leaflet map, clustered by supercluster (a
// spatial index built once per set of results, queried for the view after
// every move) and drawn only within the view (with a margin): a few thousand
// markers stay cheap. A marker or cluster still wanted after a move is kept
// as it is, so the keyboard focus stays on it; new ones are placed in the
// markers' pane in reading order (north to south, west to east), which is
// the Tab order.
import type * as Leaflet from 'leaflet';
import Supercluster, { type AnyProps, type ClusterFeature, type PointFeature } from 'supercluster';
import type { MapMarker } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { clusterIcon, markerIcon, markerLabel, nameIcon } from './marker-icons.ts';
import type { LeafletModule } from './useLeafletMap.ts';

/** Pixels: markers closer than about this form a cluster (a price pill is about 70 px wide). */
const CLUSTER_RADIUS = 60;
/** Extra room around the view where markers are drawn, as a share of its size. */
const VIEW_MARGIN = 0.25;

type Point = PointFeature<{ marker: MapMarker }>;
type Item = ClusterFeature<AnyProps> | Point;

export class ClusteredMarkers {
  private readonly layer: Leaflet.LayerGroup;
  private readonly shown = new Map<string, Leaflet.Marker>();
  private index: Supercluster<{ marker: MapMarker }> | null = null;
  private selected: number | null = null;
  /** Cluster ids are an index's own: a new index's clusters are new icons. */
  private generation = 0;

  constructor(
    private readonly L: LeafletModule,
    private readonly map: Leaflet.Map,
    private readonly onMarker: (marker: MapMarker, layer: Leaflet.Marker) => void,
  ) {
    this.layer = L.layerGroup().addTo(map);
    map.on('moveend', this.render);
  }

  set(markers: MapMarker[]): void {
    // Leaflet's tiles are 256 px, supercluster's default 512: with an extent
    // of 256 its zoom levels and radius are Leaflet's. At the deepest zoom
    // nothing is merged any more: markers at one address overlap.
    this.generation++;
    this.index = new Supercluster<{ marker: MapMarker }>({ radius: CLUSTER_RADIUS, extent: 256, maxZoom: this.map.getMaxZoom() - 1 });
    this.index.load(
      markers.map((marker): Point => ({
        type: 'Feature',
        properties: { marker },
        geometry: { type: 'Point', coordinates: [marker.lng, marker.lat] },
      })),
    );
    this.render();
  }

  select(id: number | null): void {
    this.selected = id;
    for (const [key, marker] of this.shown) marker.getElement()?.classList.toggle('is-selected', key === `m${id}`);
  }

  remove(): void {
    this.map.off('moveend', this.render);
    this.layer.remove();
    this.shown.clear();
  }

  private readonly render = (): void => {
    const { map } = this;
    const view = map.getBounds().pad(VIEW_MARGIN);
    const items = this.index ? this.index.getClusters(worldBox(view), Math.round(map.getZoom())) : [];
    const wanted = new Map<string, Item>();
    for (const item of readingOrder(items))
      wanted.set(isCluster(item) ? `c${this.generation}:${item.properties.cluster_id}` : `m${item.properties.marker.id}`, item);
    for (const [key, marker] of this.shown)
      if (!wanted.has(key)) {
        marker.remove();
        this.shown.delete(key);
      }
    const added = new Set<string>();
    for (const [key, item] of wanted) {
      if (this.shown.has(key)) continue;
      const marker = isCluster(item) ? this.cluster(item) : this.single(item.properties.marker);
      this.layer.addLayer(marker);
      nameIcon(marker, isCluster(item) ? t('map.cluster', { count: item.properties.point_count }) : markerLabel(item.properties.marker));
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
  };

  private single(m: MapMarker): Leaflet.Marker {
    const marker = this.L.marker([m.lat, m.lng], { icon: markerIcon(this.L, m), keyboard: true, riseOnHover: true });
    return activate(marker, () => this.onMarker(m, marker));
  }

  private cluster(item: ClusterFeature<AnyProps>): Leaflet.Marker {
    const [lng, lat] = item.geometry.coordinates as [number, number];
    const marker = this.L.marker([lat, lng], { icon: clusterIcon(this.L, item.properties.point_count), keyboard: true });
    return activate(marker, () => this.zoomInto(item.properties.cluster_id, [lat, lng]));
  }

  /** A cluster's click: the zoom where it splits (at least one level closer), centred on it. */
  private zoomInto(clusterId: number, at: [number, number]): void {
    const { map } = this;
    const zoom = this.index?.getClusterExpansionZoom(clusterId) ?? map.getZoom() + 1;
    map.setView(at, Math.min(Math.max(zoom, map.getZoom() + 1), map.getMaxZoom()));
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

const isCluster = (item: Item): item is ClusterFeature<AnyProps> => 'cluster' in item.properties && item.properties.cluster === true;

/** North to south, then west to east: the order a sighted reader scans the map in. */
function readingOrder(items: Item[]): Item[] {
  return [...items].sort(
    (a, b) => b.geometry.coordinates[1]! - a.geometry.coordinates[1]! || a.geometry.coordinates[0]! - b.geometry.coordinates[0]!,
  );
}

/** The view as supercluster's [west, south, east, north], within the world it indexes. */
function worldBox(bounds: Leaflet.LatLngBounds): [number, number, number, number] {
  const west = bounds.getWest();
  const east = bounds.getEast();
  const wide = east - west >= 360;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return [wide ? -180 : clamp(west, 180), clamp(bounds.getSouth(), 90), wide ? 180 : clamp(east, 180), clamp(bounds.getNorth(), 90)];
}
