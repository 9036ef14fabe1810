// The map view's code (MapResults: the results map, its markers, Leaflet's
// wrapper) in a chunk of its own, so the list and grid views load none of it
// (issue 12). A page whose first view is the map loads it before rendering
// (the search page's `prepare`, run by view.ts on the server and before
// hydration), so both render the same; a switch to the map in the browser
// shows the map's empty box until the code arrives.
import { useEffect, useState } from 'react';
import { t } from '../../../shared/i18n.ts';
import type { MapResults, MapResultsProps } from './MapResults.tsx';

type MapResultsComponent = typeof MapResults;

let loaded: MapResultsComponent | null = null;
let loading: Promise<MapResultsComponent> | null = null;

export function loadMapResults(): Promise<MapResultsComponent> {
  loading ??= import('./MapResults.tsx').then(
    (mod) => (loaded = mod.MapResults),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function MapResultsOnDemand(props: MapResultsProps) {
  const [Component, setComponent] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Component) return;
    let cancelled = false;
    loadMapResults().then(
      (component) => !cancelled && setComponent(() => component),
      (error: unknown) => {
        console.warn('the map view could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [Component]);
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
