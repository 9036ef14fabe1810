// Similar projects at the foot of the page (issue 4): up to four cards of the
// same area and category, server-rendered so that crawlers follow the links.
import type { ProjectCard as Project } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { ProjectCard } from '../ProjectCard.tsx';
import { CardActions } from '../CardActions.tsx';
import { Section } from '../Sections.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

export function SimilarProjects({ projects, region }: { projects: Project[]; region: string }) {
  if (!projects.length) return null;
  return (
    <Section id="similar-title" title={t('property.similar.title')} lead={t('property.similar.lead', { region })} tone="tint">
      <ul className="grid grid--4 similar-projects">
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} headingLevel={3} sizes={PHOTO_SIZES.cardGrid4} actions={<CardActions project={project} />} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
