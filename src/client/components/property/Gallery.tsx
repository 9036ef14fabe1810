// The project's pictures and floor plans (issue 4): a Glide slider with
// previous/next arrows, swipe, the arrow keys, a "3 / 12" counter, a strip of
// thumbnails and a full-screen view. The server renders the slides as plain
// markup with the first image loading first (the page's largest paint); Glide
// loads and mounts over the same layout when the visitor first asks for another
// picture (useGlide.ts).
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import type { ImageRef } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { useGlide } from './useGlide.ts';
import { Arrows, Counter, Slides, imageAlt, onArrowKeys, position } from './Slides.tsx';
import { GalleryDialog } from './GalleryDialog.tsx';
import { PropertyIcon } from './icons.tsx';
import { Photo } from '../Photo.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

export function Gallery({ images, name }: { images: ImageRef[]; name: string }) {
  const root = useRef<HTMLDivElement>(null);
  const glide = useGlide(root, images.length);
  const hydrated = useHydrated();
  const [fullScreen, setFullScreen] = useState(false);
  const count = images.length;

  return (
    <section className="gallery" aria-labelledby="gallery-title" onKeyDown={onArrowKeys(glide)}>
      <h2 className="visually-hidden" id="gallery-title">
        {t('property.images')}
      </h2>
      {count === 0 ? (
        <p className="gallery__empty">{t('card.noPhoto')}</p>
      ) : (
        <>
          <div
            className={glide.ready ? 'gallery__viewer glide gallery__viewer--ready' : 'gallery__viewer glide'}
            ref={root}
            role="region"
            aria-roledescription={t('property.gallery.carousel')}
            aria-label={t('property.gallery.label', { name })}
            tabIndex={0}
            {...glide.swipe}
          >
            <Slides images={images} name={name} index={glide.index} priority={0} sizes={PHOTO_SIZES.gallery} />
            {count > 1 && <Arrows glide={glide} />}
            <Counter index={glide.index} count={count} />
            <button type="button" className="gallery__full-screen" onClick={() => setFullScreen(true)} disabled={!hydrated}>
              <PropertyIcon name="expand" />
              <span>{t('property.gallery.fullScreen')}</span>
            </button>
          </div>
          {count > 1 && <Thumbnails images={images} name={name} index={glide.index} onShow={glide.show} ready={glide.ready} />}
          {fullScreen && (
            <GalleryDialog
              images={images}
              name={name}
              startAt={glide.index}
              onClose={(index) => {
                setFullScreen(false);
                glide.show(index);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function Thumbnails({
  images,
  name,
  index,
  onShow,
  ready,
}: {
  images: ImageRef[];
  name: string;
  index: number;
  onShow(i: number): void;
  ready: boolean;
}) {
  const list = useRef<HTMLUListElement>(null);
  // Keep the current thumbnail in view inside its strip (scrolling the strip only, never the page).
  useEffect(() => {
    const strip = list.current;
    const thumb = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !thumb) return;
    if (thumb.offsetLeft < strip.scrollLeft) strip.scrollLeft = thumb.offsetLeft;
    else if (thumb.offsetLeft + thumb.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = thumb.offsetLeft + thumb.offsetWidth - strip.clientWidth;
  }, [index]);
  return (
    <ul className="gallery__thumbs" ref={list} aria-label={t('property.gallery.thumbnails')}>
      {images.map((image, i) => (
        <li key={`${i}:${image.url}`}>
          <button
            type="button"
            className="gallery__thumb"
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onShow(i)}
            disabled={!ready}
          >
            <Photo image={image} alt="" sizes="96px" width={96} height={64} loading="lazy" draggable={false} />
            <span className="visually-hidden">
              {t('property.gallery.show', { position: position(i, images.length) })}: {imageAlt(images, i, name)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
