// One place on a map, for the location section of a property page: the box
// the map is drawn in, rendered by the server and at once in the browser, and
// the map itself (PlaceMapLeaflet.tsx: Leaflet's wrapper, the basemap, the pin)
// in a chunk of its own, loaded when the box comes near the screen
// (useNearViewport), as Leaflet itself is: a property page whose map lies below
// the fold loads none of it before the visitor scrolls there (issue 12). The
// box stays the same element throughout: nothing moves when the map arrives.
import { useRef, useState, type RefObject } from 'react';
import { t } from '../../../shared/i18n.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { useNearViewport } from '../../lib/useNearViewport.ts';

export interface PlaceMapProps {
  lat: number;
  lng: number;
  label: string;
  className?: string;
}

export interface PlaceMapLeafletProps extends PlaceMapProps {
  canvas: RefObject<HTMLDivElement | null>;
  onStatus: (status: PlaceMapStatus) => void;
}

export interface PlaceMapStatus {
  /** Tiles wait for consent: the box shows the plain basemap. */
  plain: boolean;
  /** The map's code or Leaflet could not be loaded (e.g. offline). */
  failed: boolean;
}

const DRAWING: PlaceMapStatus = { plain: false, failed: false };

const leafletPart = onDemand(() => import('./PlaceMapLeaflet.tsx').then((mod) => mod.PlaceMapLeaflet));

export function PlaceMap(props: PlaceMapProps) {
  const { label, className } = props;
  const canvas = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState(DRAWING);
  // Already loaded (a client navigation after a map was seen): at once. Never during hydration:
  // nothing loads it before then, and the server rendered the box alone.
  const { value: Part, failed: notLoaded } = useOnDemand(leafletPart, useNearViewport(canvas));
  const { plain } = status;
  const failed = status.failed || notLoaded;

  return (
    <section
      className={['place-map', plain ? 'is-plain' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={t('map.placeLabel', { label })}
    >
      <div ref={canvas} className="place-map__canvas" />
      {Part ? <Part {...props} canvas={canvas} onStatus={setStatus} /> : null}
      {failed ? <p className="map-notice map-notice--failed">{t('map.failed')}</p> : null}
    </section>
  );
}
