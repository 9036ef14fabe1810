// The markers' and clusters' icons: Leaflet divIcons whose content is built
// as DOM nodes (never an HTML string: names come from a feed), styled by
// classes in map.css. Leaflet makes each one focusable (tabindex, role
// button) and clicks it on Enter; the accessible name is set here.
import type * as Leaflet from 'leaflet';
import type { MapMarker } from '../../../shared/catalogue.ts';
import { formatCount, formatPrice } from '../../../shared/format.ts';
import { t } from '../../../shared/i18n.ts';
import type { LeafletModule } from './useLeafletMap.ts';

/** '€ 245k', '€ 1.250k' ('245k €' in German): short enough for a marker; nothing for no price. */
export function shortPrice(price: number | null): string {
  if (!price) return '';
  return price < 1000 ? formatPrice(price) : t('formats.price', { amount: `${formatCount(Math.round(price / 1000))}k` });
}

/**
 * The marker's accessible name: the project and the price its pill shows. The
 * short price, not the full one: a name must contain the visible text (WCAG
 * 2.5.3), so that "click € 245k" works by voice; the popup has the full price.
 */
export function markerLabel(marker: Pick<MapMarker, 'name' | 'price'>): string {
  const price = shortPrice(marker.price);
  return price ? t('map.marker', { name: marker.name, price }) : marker.name;
}

function label(text: string, className: string): HTMLElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

export function markerIcon(L: LeafletModule, marker: MapMarker): Leaflet.DivIcon {
  const price = shortPrice(marker.price);
  return L.divIcon({
    className: `map-marker${price ? '' : ' map-marker--dot'}`,
    html: label(price, 'map-marker__label'),
    // Sized and placed by map.css around the point.
    iconSize: undefined,
  });
}

export function clusterIcon(L: LeafletModule, count: number): Leaflet.DivIcon {
  const size = count < 10 ? 's' : count < 100 ? 'm' : 'l';
  return L.divIcon({
    className: `map-cluster map-cluster--${size}`,
    html: label(String(count), 'map-cluster__count'),
    iconSize: undefined,
  });
}

/** Names the icon for screen readers once it is on the map. */
export function nameIcon(marker: Leaflet.Marker, name: string): void {
  marker.getElement()?.setAttribute('aria-label', name);
}
