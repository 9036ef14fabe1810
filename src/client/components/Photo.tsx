// A listing's picture as the browser should fetch it: once prepared (its
// `photo`), a <picture> offering every width in AVIF, WebP and JPEG, so that
// the browser takes the smallest file of the best format it decodes for the
// width the layout shows (`sizes`) at its pixel density, with the photo's own
// proportions (no shift when it arrives) and its most common colour behind it
// while it loads. Before that, the picture as this site passes it on.
import type { ImageRef } from '../../shared/catalogue.ts';
import { photoSrcset, photoUrl, photoWidthFor } from '../../shared/photos.ts';

export interface PhotoProps {
  image: ImageRef;
  alt: string;
  /** The width the layout shows it at (lib/photo-sizes.ts). */
  sizes: string;
  /** The box an unprepared picture reserves (its size is not known yet). */
  width: number;
  height: number;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  draggable?: boolean;
}

export function Photo({ image, alt, sizes, width, height, ...rest }: PhotoProps) {
  const photo = image.photo;
  if (!photo) return <img src={image.url} alt={alt} width={width} height={height} decoding="async" {...rest} />;
  return (
    <>
      {/* The colour is an SVG attribute, not a style: the CSP allows no inline styles. */}
      <svg className="photo-colour" aria-hidden="true">
        <rect width="100%" height="100%" fill={photo.colour} />
      </svg>
      <picture>
        <source type="image/avif" srcSet={photoSrcset(photo, 'avif')} sizes={sizes} />
        <source type="image/webp" srcSet={photoSrcset(photo, 'webp')} sizes={sizes} />
        <img
          className="photo"
          src={photoUrl(photo.key, photoWidthFor(photo, 640), 'jpeg')}
          srcSet={photoSrcset(photo, 'jpeg')}
          sizes={sizes}
          alt={alt}
          width={photo.width}
          height={photo.height}
          decoding="async"
          {...rest}
        />
      </picture>
    </>
  );
}
