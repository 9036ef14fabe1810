// The place map's Leaflet side, in a chunk of its own that PlaceMap.tsx loads
// when the map's box nears the screen: the map drawn in that box's canvas, a
// marker at {lat, lng} named `label` whose popup repeats the label, and the
// notice of tiles waiting for consent. The page does not scroll-zoom it.
import { useEffect } from 'react';
import type * as Leaflet from 'leaflet';
import { ConsentNotice } from './ConsentNotice.tsx';
import { nameIcon } from './marker-icons.ts';
import { useLeafletMap } from './useLeafletMap.ts';
import type { PlaceMapLeafletProps } from './PlaceMap.tsx';

const ZOOM = 14;
/** The pin's box (map.css draws it), and its tip: the bottom middle. */
const PIN_SIZE: [number, number] = [30, 38];
const PIN_TIP: [number, number] = [15, 38];

export function PlaceMapLeaflet({ lat, lng, label, canvas, onStatus }: PlaceMapLeafletProps) {
  const options: Leaflet.MapOptions = { center: [lat, lng], zoom: ZOOM, minZoom: 2, maxZoom: 18, scrollWheelZoom: false };
  const { leaflet, tilesBlocked, failed } = useLeafletMap(canvas, options);

  useEffect(() => onStatus({ plain: tilesBlocked, failed }), [tilesBlocked, failed, onStatus]);

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

  return tilesBlocked ? <ConsentNotice /> : null;
}
