// The results as project cards: a grid, a vertical list or the strip over the
// map. Pictures of the first row load at once; the rest when scrolled to. The
// strip's items carry their project's id: the map scrolls the strip to a marker's card.
import type { ProjectCard as Project } from '../../../shared/catalogue.ts';
import { ProjectCard, type CardVariant } from '../ProjectCard.tsx';
import { FavoriteButton } from '../account/FavoriteButton.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

/** Cards in the first visible row of each arrangement. */
const FIRST_ROW: Record<'grid' | 'list' | 'strip', number> = { grid: 3, list: 1, strip: 4 };

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
            eager={i < FIRST_ROW[variant]}
            sizes={SIZES[variant]}
            actions={<FavoriteButton projectId={project.id} name={project.name} />}
          />
        </li>
      ))}
    </ul>
  );
}
