// One place on a map, for the location section of a property page: a marker
// at {lat, lng} named `label`, whose popup repeats the label. Client-only
// like the results map (useLeafletMap.ts); the page does not scroll-zoom it.
import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import { t } from '../../../shared/i18n.ts';
import { ConsentNotice } from './ConsentNotice.tsx';
import { nameIcon } from './marker-icons.ts';
import { useLeafletMap } from './useLeafletMap.ts';

export interface PlaceMapProps {
  lat: number;
  lng: number;
  label: string;
  className?: string;
}

const ZOOM = 14;
/** The pin's box (map.css draws it), and its tip: the bottom middle. */
const PIN_SIZE: [number, number] = [30, 38];
const PIN_TIP: [number, number] = [15, 38];

export function PlaceMap({ lat, lng, label, className }: PlaceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const options: Leaflet.MapOptions = { center: [lat, lng], zoom: ZOOM, minZoom: 2, maxZoom: 18, scrollWheelZoom: false };
  const { leaflet, tilesBlocked, failed } = useLeafletMap(container, options);

  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    map.setView([lat, lng], map.getZoom());
    const text = document.createElement('p');
    text.className = 'map-popup__label';
    text.textContent = label;
    const marker = L.marker([lat, lng], {
      icon: L.divIcon({ className: 'map-pin', iconSize: PIN_SIZE, iconAnchor: PIN_TIP, popupAnchor: [0, -PIN_SIZE[1]] }),
      keyboard: true,
    })
      .bindPopup(text)
      .addTo(map);
    nameIcon(marker, label);
    return () => {
      marker.remove();
    };
  }, [leaflet, lat, lng, label]);

  return (
    <section
      className={['place-map', tilesBlocked ? 'is-plain' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={t('map.placeLabel', { label })}
    >
      <div ref={container} className="place-map__canvas" />
      {failed ? <p className="map-notice map-notice--failed">{t('map.failed')}</p> : null}
      {tilesBlocked ? <ConsentNotice /> : null}
    </section>
  );
}
