// The map view's code (MapResults: the results map, its markers, Leaflet's
// wrapper) in a chunk of its own, so the list and grid views load none of it
// (issue 12). A page whose first view is the map loads it before rendering
// (the search page's `prepare`, run by view.ts on the server and before
// hydration), so both render the same; a switch to the map in the browser
// shows the map's empty box until the code arrives.
import { t } from '../../../shared/i18n.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import type { MapResultsProps } from './MapResults.tsx';

export const mapResults = onDemand(() => import('./MapResults.tsx').then((mod) => mod.MapResults));

export function MapResultsOnDemand(props: MapResultsProps) {
  const { value: Component, failed } = useOnDemand(mapResults);
  if (Component) return <Component {...props} />;
  return (
    <div className="search-map">
      <div className="results-map search-map__map" aria-busy={!failed}>
        {failed ? <p className="map-notice map-notice--failed">{t('map.failed')}</p> : null}
      </div>
      {props.children}
    </div>
  );
}
