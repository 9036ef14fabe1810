// The project's pictures and floor plans (issue 4), then its videos and
// virtual tours (issue 23): a Glide slider with previous/next arrows, swipe,
// the arrow keys, a "3 / 12" counter, a strip of thumbnails and a full-screen
// view of the pictures. The server renders the slides as plain markup with the
// first image loading first (the page's largest paint); Glide loads and mounts
// over the same layout when the visitor first asks for another slide
// (useGlide.ts). The full-screen view's code loads when it is asked for. Under
// the slides, each video and tour links to the provider's own site (the only
// way to it without script, or from a provider the site does not frame).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import { onDemand } from '../../lib/on-demand.ts';
import type { ImageRef, ProjectMedia } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { useGlide } from './useGlide.ts';
import { Arrows, Counter, Slides, imageAlt, onArrowKeys, position } from './Slides.tsx';
import type { PlayableMedia } from './MediaPlayer.tsx';
import { MediaLinks } from './LazyPropertyParts.tsx';
import { PropertyIcon } from './icons.tsx';
import { Photo } from '../Photo.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

/** What the full-screen view shares with the gallery, handed to it (GalleryDialog.tsx). */
const parts = { useGlide, Slides, Arrows, Counter, onArrowKeys, PropertyIcon, PHOTO_SIZES };
export type GalleryParts = typeof parts;

const fullScreenView = onDemand(() => import('./GalleryDialog.tsx').then((m) => m.GalleryDialog));
type FullScreenView = Awaited<ReturnType<typeof fullScreenView.load>>;
// Its code not come (offline, a deploy replaced it): the button does nothing, and the next press asks again.
const loadFullScreen = () => fullScreenView.load().catch(() => null);

export function Gallery({ images, media, name }: { images: ImageRef[]; media: ProjectMedia[]; name: string }) {
  const root = useRef<HTMLDivElement>(null);
  const players = media.filter((item): item is PlayableMedia => item.embed !== null);
  const count = images.length + players.length;
  const glide = useGlide(root, count);
  const hydrated = useHydrated();
  // The full-screen view, once asked for and its code come; null while closed.
  const [FullScreen, setFullScreen] = useState<FullScreenView | null>(null);

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
            <Slides images={images} players={players} name={name} index={glide.index} priority={0} sizes={PHOTO_SIZES.gallery} />
            {count > 1 && <Arrows glide={glide} />}
            <Counter index={glide.index} count={count} />
            {images.length > 0 && (
              <button
                type="button"
                className="gallery__full-screen"
                onClick={() => void loadFullScreen().then((view) => view && setFullScreen(() => view))}
                onPointerEnter={loadFullScreen}
                onFocus={loadFullScreen}
                disabled={!hydrated}
              >
                <PropertyIcon name="expand" />
                <span>{t('property.gallery.fullScreen')}</span>
              </button>
            )}
          </div>
          {count > 1 && (
            <Thumbnails images={images} players={players} name={name} index={glide.index} onShow={glide.show} ready={glide.ready} />
          )}
          {FullScreen && (
            <FullScreen
              images={images}
              name={name}
              startAt={Math.min(glide.index, images.length - 1)}
              parts={parts}
              onClose={(index) => {
                setFullScreen(null);
                glide.show(index);
              }}
            />
          )}
        </>
      )}
      {media.length > 0 && <MediaLinks media={media} />}
    </section>
  );
}

function Thumbnails({
  images,
  players,
  name,
  index,
  onShow,
  ready,
}: {
  images: ImageRef[];
  players: PlayableMedia[];
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
  const count = images.length + players.length;
  const thumb = (i: number, picture: ReactNode, what: string) => (
    <button
      type="button"
      className="gallery__thumb"
      aria-current={i === index ? 'true' : undefined}
      onClick={() => onShow(i)}
      disabled={!ready}
    >
      {picture}
      <span className="visually-hidden">{t('property.gallery.show', { position: position(i, count) })}: </span>
      {/* A picture says what it is to a screen reader only; a video's or tour's thumbnail is its name. */}
      <span className={picture ? 'visually-hidden' : 'gallery__thumb-name'}>{what}</span>
    </button>
  );
  return (
    <ul className="gallery__thumbs" ref={list} aria-label={t('property.gallery.thumbnails')}>
      {images.map((image, i) => (
        <li key={`${i}:${image.url}`}>
          {thumb(
            i,
            <Photo image={image} alt="" sizes="96px" width={96} height={64} loading="lazy" draggable={false} />,
            imageAlt(images, i, name),
          )}
        </li>
      ))}
      {players.map((item, i) => (
        <li key={item.url} className="gallery__thumb-media">
          {thumb(images.length + i, null, t(`property.media.${item.kind}`))}
        </li>
      ))}
    </ul>
  );
}
