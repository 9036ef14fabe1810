// The parts a gallery and its full-screen view share: the slides (Glide's
// track), the previous/next arrows and the "3 / 12" counter.
import type { ImageRef } from '../../../shared/catalogue.ts';
import { MediaPlayer } from './LazyPropertyParts.tsx';
import type { PlayableMedia } from './MediaPlayer.tsx';
import { t } from '../../../shared/i18n.ts';
import type { GlideControl } from './useGlide.ts';
import { PropertyIcon } from './icons.tsx';
import { Photo } from '../Photo.tsx';

/** The image's caption, or what it shows: 'Photo 3 of X', 'Floor plan 1 of X'. */
export function imageAlt(images: ImageRef[], i: number, name: string): string {
  const image = images[i]!;
  if (image.caption) return image.caption;
  const n = images.slice(0, i + 1).filter((x) => x.floorplan === image.floorplan).length;
  return image.floorplan ? t('property.gallery.floorPlanOf', { n, name }) : t('property.gallery.photoOf', { n, name });
}

export const position = (index: number, count: number) => `${index + 1} / ${count}`;

interface SlidesProps {
  images: ImageRef[];
  name: string;
  /** The slide shown: the others are hidden from assistive technology. */
  index: number;
  /** The slide whose image loads first (the largest paint of the page, or the one opened full screen). */
  priority: number;
  /** The width the slides are shown at (lib/photo-sizes.ts). */
  sizes: string;
  /** Videos and tours, the slides after the pictures (the page's gallery only). */
  players?: PlayableMedia[];
}

export function Slides({ images, name, index, priority, sizes, players = [] }: SlidesProps) {
  const count = images.length + players.length;
  const slide = (i: number) => ({
    'aria-roledescription': t('property.gallery.slide'),
    'aria-label': position(i, count),
    'aria-hidden': i !== index,
  });
  return (
    <div className="glide__track gallery__track" data-glide-el="track">
      <ul className="glide__slides">
        {images.map((image, i) => (
          <li
            className={image.floorplan ? 'glide__slide gallery__slide gallery__slide--plan' : 'glide__slide gallery__slide'}
            key={`${i}:${image.url}`}
            {...slide(i)}
          >
            <Photo
              image={image}
              alt={imageAlt(images, i, name)}
              sizes={sizes}
              width={1200}
              height={800}
              loading={i === priority ? 'eager' : 'lazy'}
              fetchPriority={i === priority ? 'high' : 'auto'}
              draggable={false}
            />
          </li>
        ))}
        {players.map((item, i) => (
          <li
            className="glide__slide gallery__slide gallery__slide--media"
            key={item.url}
            {...slide(images.length + i)}
            // Its 'here' button leaves the keyboard's way while another slide is shown.
            inert={images.length + i !== index}
          >
            <MediaPlayer item={item} name={name} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Arrows({ glide }: { glide: GlideControl }) {
  return (
    <div className="gallery__arrows">
      <button type="button" className="gallery__arrow gallery__arrow--previous" onClick={glide.previous} disabled={!glide.ready}>
        <PropertyIcon name="previous" />
        <span className="visually-hidden">{t('property.gallery.previous')}</span>
      </button>
      <button type="button" className="gallery__arrow gallery__arrow--next" onClick={glide.next} disabled={!glide.ready}>
        <PropertyIcon name="next" />
        <span className="visually-hidden">{t('property.gallery.next')}</span>
      </button>
    </div>
  );
}

export function Counter({ index, count }: { index: number; count: number }) {
  return (
    <p className="gallery__counter" aria-live="polite" aria-atomic="true">
      <span className="visually-hidden">{t('property.gallery.image')} </span>
      <span className="gallery__position">{position(index, count)}</span>
    </p>
  );
}

/** ArrowLeft / ArrowRight turn the slides (where the gallery has the focus). */
export function onArrowKeys(glide: GlideControl) {
  return (event: { key: string; preventDefault(): void; stopPropagation(): void; target: EventTarget | null }) => {
    const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select');
    if (typing || !glide.ready) return;
    if (event.key === 'ArrowLeft') glide.previous();
    else if (event.key === 'ArrowRight') glide.next();
    else return;
    event.preventDefault();
    // The full-screen view sits inside the page's gallery: one key, one gallery.
    event.stopPropagation();
  };
}
