// The visitor's recently viewed developments (issue 22), from this browser's
// list (lib/recently-viewed.ts), newest first, as cards, but the project on
// screen, which a property page puts first in the list (`remember`); one
// control clears the list. Loaded by RecentlyViewedSlot.tsx.
import { useEffect, useRef, useState } from 'react';
import type { ProjectDetail } from '../../shared/catalogue.ts';
import { t } from '../../shared/i18n.ts';
import { clearRecent, readRecent, rememberViewed } from '../lib/recently-viewed.ts';
import { PHOTO_SIZES } from '../lib/photo-sizes.ts';
import { ProjectCard } from './ProjectCard.tsx';
import { CardActions } from './CardActions.tsx';
import { Section } from './Sections.tsx';

interface Props {
  context: string;
  project?: ProjectDetail | undefined;
  remember: boolean;
}

export function RecentlyViewed({ context, project, remember }: Props) {
  const [cards] = useState(() => readRecent(context).filter((card) => card.id !== project?.id));
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (remember && project) rememberViewed(context, project);
  }, [remember, context, project]);
  const status = useRef<HTMLParagraphElement>(null);
  const clear = () => {
    clearRecent(context);
    setCleared(true);
    requestAnimationFrame(() => status.current?.focus());
  };
  if (!cards.length) return null;
  return (
    <Section id="recently-viewed-title" title={t('recentlyViewed.title')} lead={t('recentlyViewed.lead')}>
      {cleared ? (
        <p className="recently-viewed__cleared" role="status" tabIndex={-1} ref={status}>
          {t('recentlyViewed.cleared')}
        </p>
      ) : (
        <>
          <ul className="grid grid--4 recently-viewed">
            {cards.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} headingLevel={3} sizes={PHOTO_SIZES.cardGrid4} actions={<CardActions project={project} />} />
              </li>
            ))}
          </ul>
          <button type="button" className="button button--outline recently-viewed__clear" onClick={clear}>
            {t('recentlyViewed.clear')}
          </button>
        </>
      )}
    </Section>
  );
}
