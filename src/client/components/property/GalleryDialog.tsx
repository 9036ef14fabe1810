// The gallery full screen: a native <dialog> opened with showModal(), so the
// browser makes the rest of the page inert (the focus stays inside), puts it
// in the top layer and closes it on Escape. It has its own Glide, loaded at
// once and opened at the slide the page showed; closing hands back the slide it ended on and returns
// the focus to the button that opened it.
// Loaded when first asked for (Gallery.tsx), it is handed the parts it shares
// with the gallery: importing them here would move them out of the page's file
// into a file of their own.
import { useLayoutEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import type { ImageRef } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import type { GalleryParts } from './Gallery.tsx';

interface GalleryDialogProps {
  images: ImageRef[];
  name: string;
  startAt: number;
  /** Called once, with the slide shown when the visitor left. */
  onClose(index: number): void;
  parts: GalleryParts;
}

export function GalleryDialog({ images, name, startAt, onClose, parts }: GalleryDialogProps) {
  const { useGlide, Slides, Arrows, Counter, onArrowKeys, PropertyIcon, PHOTO_SIZES } = parts;
  const dialog = useRef<HTMLDialogElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const glide = useGlide(root, images.length, { startAt, atOnce: true });
  const shown = useRef(startAt);
  // eslint-disable-next-line react-hooks/refs -- the slide shown, for the close handler bound once below
  shown.current = glide.index;
  const closed = useRef(false);

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    closeButton.current?.focus();
    document.body.classList.add('gallery-open');
    return () => {
      document.body.classList.remove('gallery-open');
      if (el.open) el.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const close = () => {
    if (closed.current) return;
    closed.current = true;
    onClose(shown.current);
  };
  // Escape (and a phone's back gesture) ask to cancel: close our way, so the slide is handed back.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    close();
  };
  // A click on the backdrop reaches the <dialog> itself.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  return (
    <dialog
      ref={dialog}
      className="gallery-dialog"
      aria-label={t('property.gallery.fullScreenOf', { name })}
      onKeyDown={onArrowKeys(glide)}
      onCancel={onCancel}
      onClose={close}
      onClick={onClick}
    >
      <div className="gallery-dialog__bar">
        <Counter index={glide.index} count={images.length} />
        <button type="button" className="gallery-dialog__close" ref={closeButton} onClick={close}>
          <PropertyIcon name="close" />
          <span className="visually-hidden">{t('property.gallery.closeFullScreen')}</span>
        </button>
      </div>
      <div
        className={
          glide.ready || images.length < 2
            ? 'gallery__viewer gallery__viewer--full glide gallery__viewer--ready'
            : 'gallery__viewer gallery__viewer--full glide'
        }
        ref={root}
        role="region"
        aria-roledescription={t('property.gallery.carousel')}
        aria-label={t('property.gallery.label', { name })}
      >
        <Slides images={images} name={name} index={glide.index} priority={startAt} sizes={PHOTO_SIZES.fullScreen} />
        {images.length > 1 && <Arrows glide={glide} />}
      </div>
    </dialog>
  );
}
