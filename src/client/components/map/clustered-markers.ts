// The search's markers on a Leaflet map, clustered on a pixel grid
// (cluster.ts) and redrawn after every move, only within the view (with a
// margin): a few thousand markers stay cheap. A marker or cluster still
// wanted after a move is kept as it is, so the keyboard focus stays on it.
import type * as Leaflet from 'leaflet';
import type { MapMarker } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { gridCluster } from './cluster.ts';
import { clusterIcon, markerIcon, markerLabel, nameIcon } from './marker-icons.ts';
import type { LeafletModule } from './useLeafletMap.ts';

/** Pixels: markers closer than about this form a cluster. */
const CELL_SIZE = 64;
/** Extra room around the view where markers are drawn, as a share of its size. */
const VIEW_MARGIN = 0.25;

export class ClusteredMarkers {
  private readonly layer: Leaflet.LayerGroup;
  private readonly shown = new Map<string, Leaflet.Marker>();
  private markers: MapMarker[] = [];
  private selected: number | null = null;

  constructor(
    private readonly L: LeafletModule,
    private readonly map: Leaflet.Map,
    private readonly onMarker: (marker: MapMarker, layer: Leaflet.Marker) => void,
  ) {
    this.layer = L.layerGroup().addTo(map);
    map.on('moveend', this.render);
  }

  set(markers: MapMarker[]): void {
    this.markers = markers;
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
    const { L, map } = this;
    const zoom = map.getZoom();
    const view = map.getBounds().pad(VIEW_MARGIN);
    // At the deepest zoom nothing is merged any more: markers at one address overlap.
    const groups =
      zoom < map.getMaxZoom()
        ? gridCluster(this.markers, (m) => map.project([m.lat, m.lng], zoom), CELL_SIZE)
        : this.markers.map((m) => ({ key: '', members: [m] }));
    const wanted = new Map<string, MapMarker[]>();
    for (const group of groups) {
      const key = group.members.length === 1 ? `m${group.members[0]!.id}` : `c${zoom}:${group.key}`;
      const at = centre(group.members);
      if (view.contains(at)) wanted.set(key, group.members);
    }
    for (const [key, marker] of this.shown)
      if (!wanted.has(key)) {
        marker.remove();
        this.shown.delete(key);
      }
    for (const [key, members] of wanted) {
      if (this.shown.has(key)) continue;
      const marker = members.length === 1 ? this.single(members[0]!) : this.cluster(members);
      this.layer.addLayer(marker);
      nameIcon(marker, members.length === 1 ? markerLabel(members[0]!) : t('map.cluster', { count: members.length }));
      if (key === `m${this.selected}`) marker.getElement()?.classList.add('is-selected');
      this.shown.set(key, marker);
    }
  };

  private single(m: MapMarker): Leaflet.Marker {
    const marker = this.L.marker([m.lat, m.lng], { icon: markerIcon(this.L, m), keyboard: true, riseOnHover: true });
    return activate(marker, () => this.onMarker(m, marker));
  }

  private cluster(members: MapMarker[]): Leaflet.Marker {
    const marker = this.L.marker(centre(members), { icon: clusterIcon(this.L, members.length), keyboard: true });
    return activate(marker, () => this.zoomInto(members));
  }

  /** A cluster's click: the view that shows its members, at least one level closer. */
  private zoomInto(members: MapMarker[]): void {
    const { L, map } = this;
    const bounds = L.latLngBounds(members.map((m) => [m.lat, m.lng] as [number, number]));
    const fits = map.getBoundsZoom(bounds, false, L.point(48, 48));
    map.setView(bounds.getCenter(), Math.min(Math.max(fits, map.getZoom() + 1), map.getMaxZoom()));
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

function centre(members: MapMarker[]): [number, number] {
  let lat = 0;
  let lng = 0;
  for (const m of members) {
    lat += m.lat;
    lng += m.lng;
  }
  return [lat / members.length, lng / members.length];
}
