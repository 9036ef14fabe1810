// A development's video or virtual tour (issue 23), a slide of its gallery
// (Gallery.tsx), and the links under the gallery to each on the provider's
// site (the way to them without script, and to a provider the site does not
// frame). An allowed provider's player (src/shared/embeds.ts) is framed only
// once the visitor allows functional cookies (SPEC §4, ConsentGate: until
// then, and on the server, the message and its 'here' button, and no request
// to the provider), and only once its slide is shown: a tour weighs megabytes,
// and the visitor who never turns to it asks the provider nothing.
import { useRef } from 'react';
import type { ProjectMedia } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { ConsentGate } from '../consent/index.ts';
import { useNearViewport } from '../../lib/useNearViewport.ts';

/** An item with a player of an allowed provider (`embed`). */
export type PlayableMedia = ProjectMedia & { embed: NonNullable<ProjectMedia['embed']> };

export function MediaPlayer({ item, name }: { item: PlayableMedia; name: string }) {
  const slot = useRef<HTMLDivElement>(null);
  // In the window and not clipped away by the gallery's track: the slide is the one shown. Once shown, kept.
  const shown = useNearViewport(slot, '0px');
  return (
    <div ref={slot}>
      <ConsentGate className="property-media">
        {shown && (
          <iframe
            src={item.embed.src}
            title={t('property.media.frameTitle', { kind: t(`property.media.${item.kind}`), name, provider: item.embed.name })}
            allow="fullscreen; picture-in-picture; encrypted-media; gyroscope; accelerometer; xr-spatial-tracking"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"
          />
        )}
      </ConsentGate>
    </div>
  );
}

/** Each video and tour on the provider's own site. */
export function MediaLinks({ media }: { media: ProjectMedia[] }) {
  return (
    <ul className="gallery__links">
      {media.map((item) => (
        <li key={item.url}>
          {item.embed ? (
            <>
              {t(`property.media.${item.kind}`)} ·{' '}
              <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                {t('property.media.openOn', { provider: item.embed.name })}
              </a>
            </>
          ) : (
            <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
              {t(`property.media.open.${item.kind}`)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
