// The results as project cards: a grid, a vertical list or the strip over the
// map. The first card's picture is fetched at once, before any other (the
// largest paint of the first screen); the others lazily, which the browser
// does right after layout for those in view: on a phone the rest of a
// desktop's first row is below the fold, and fetched eagerly it took
// bandwidth from the first. The strip's first cards, all in view, load at once. The
// strip's items carry their project's id: the map scrolls the strip to a marker's card.
import type { ProjectCard as Project } from '../../../shared/catalogue.ts';
import { ProjectCard, type CardVariant } from '../ProjectCard.tsx';
import { CardActions } from '../CardActions.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

/** Cards of the strip over the map in view at once. */
const STRIP_IN_VIEW = 4;

const SIZES: Record<'grid' | 'list' | 'strip', string> = {
  grid: PHOTO_SIZES.searchGrid,
  list: PHOTO_SIZES.searchList,
  strip: PHOTO_SIZES.strip,
};

export interface ResultCardsProps {
  projects: Project[];
  variant: 'grid' | 'list' | 'strip';
  id?: string;
  selectedId?: number | null;
  hidden?: boolean;
}

export function ResultCards({ projects, variant, id, selectedId, hidden }: ResultCardsProps) {
  const card: CardVariant = variant;
  return (
    <ul className={`search-cards search-cards--${variant}`} id={id} hidden={hidden}>
      {projects.map((project, i) => (
        <li
          key={project.id}
          className={project.id === selectedId ? 'is-selected' : undefined}
          data-project-item={variant === 'strip' ? project.id : undefined}
        >
          <ProjectCard
            project={project}
            variant={card}
            eager={variant === 'strip' && i < STRIP_IN_VIEW}
            priority={variant !== 'strip' && i === 0}
            sizes={SIZES[variant]}
            actions={<CardActions project={project} />}
          />
        </li>
      ))}
    </ul>
  );
}
