// One search's markers clustered for every zoom (supercluster), built once per
// catalogue version and filter (markers.ts): a request for a view and a zoom
// is then a walk of a k-d tree, and its answer holds only what the view shows.
import Supercluster from 'supercluster';
import { MAP_MAX_ZOOM, MARKERS_CAP, type BBox, type MapCluster, type MapMarker, type MarkersAnswer } from '../../../shared/catalogue.ts';

/**
 * As the browser clustered before (issue 12): Leaflet's 256 px tiles as the
 * extent, so supercluster's zooms are the map's; markers closer than about
 * 60 px merge (a price pill is about 70 px wide); at the deepest zoom nothing
 * merges any more (markers at one address overlap).
 */
const OPTIONS = { radius: 60, extent: 256, maxZoom: MAP_MAX_ZOOM - 1 } as const;

/** Degrees to 5 decimals (about a metre): shorter answers, the same map. */
const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

export class MarkerIndex {
  readonly total: number;
  readonly bounds: BBox | null;
  private readonly index = new Supercluster<MapMarker>(OPTIONS);

  constructor(markers: MapMarker[]) {
    this.total = markers.length;
    this.bounds = boundsOf(markers);
    this.index.load(markers.map((m) => ({ type: 'Feature', properties: m, geometry: { type: 'Point', coordinates: [m.lng, m.lat] } })));
  }

  answer(view: BBox, zoom: number): MarkersAnswer {
    const data: MapMarker[] = [];
    const clusters: MapCluster[] = [];
    for (const item of this.index.getClusters(view, zoom)) {
      const [lng, lat] = item.geometry.coordinates as [number, number];
      if ('cluster' in item.properties && item.properties.cluster) {
        const id = item.properties.cluster_id;
        const count = item.properties.point_count;
        clusters.push({ id, count, lat: round(lat), lng: round(lng), zoom: this.index.getClusterExpansionZoom(id) });
      } else data.push(item.properties as MapMarker);
    }
    data.sort((a, b) => a.id - b.id);
    const truncated = data.length > MARKERS_CAP;
    return { data: truncated ? data.slice(0, MARKERS_CAP) : data, clusters, meta: { total: this.total, bounds: this.bounds, truncated } };
  }
}

function boundsOf(markers: MapMarker[]): BBox | null {
  if (!markers.length) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const { lat, lng } of markers) {
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return [w, s, e, n];
}
