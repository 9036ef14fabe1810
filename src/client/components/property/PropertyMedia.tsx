// A development's videos and virtual tours (issue 23), after its homes on
// sale. An allowed provider's player (src/shared/embeds.ts) is framed only
// once the visitor allows functional cookies (SPEC §4, ConsentGate: until
// then, and on the server, the message and its 'here' button, and no request
// to the provider); under it, a link to watch it on the provider's own site.
// Any other address is a link, never framed.
import type { ProjectMedia } from '../../../shared/catalogue.ts';
import { PROVIDER_NAMES } from '../../../shared/embeds.ts';
import { t } from '../../../shared/i18n.ts';
import { ConsentGate } from '../consent/index.ts';

/** The section's title for what it holds: a video, a tour, or both. */
function titleOf(media: ProjectMedia[]): string {
  const kinds = new Set(media.map((m) => m.kind));
  return kinds.size > 1 ? t('property.media.both') : t(`property.media.${media[0]!.kind}`);
}

export function PropertyMedia({ media, name }: { media: ProjectMedia[]; name: string }) {
  return (
    // PropertySection's markup, written here: importing it would split it into a chunk of its own.
    <section className="property-section" aria-labelledby="media-title">
      <h2 className="property-section__title" id="media-title">
        {titleOf(media)}
      </h2>
      <ul className="property-media">
        {media.map((item) => (
          <li key={`${item.kind} ${item.url}`} className="property-media__item">
            <MediaItem item={item} name={name} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MediaItem({ item, name }: { item: ProjectMedia; name: string }) {
  const kind = t(`property.media.${item.kind}`);
  if (!item.embed)
    return (
      <a className="property-media__link" href={item.url} target="_blank" rel="noopener noreferrer nofollow">
        {t(`property.media.open.${item.kind}`)}
      </a>
    );
  const provider = PROVIDER_NAMES[item.embed.provider];
  return (
    <figure className="property-media__figure">
      <ConsentGate className={`property-media__frame property-media__frame--${item.kind}`}>
        <iframe
          src={item.embed.src}
          title={t('property.media.frameTitle', { kind, name, provider })}
          loading="lazy"
          allow="fullscreen; picture-in-picture; encrypted-media; gyroscope; accelerometer; xr-spatial-tracking"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"
        />
      </ConsentGate>
      <figcaption>
        {kind} ·{' '}
        <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
          {t('property.media.openOn', { provider })}
        </a>
      </figcaption>
    </figure>
  );
}
