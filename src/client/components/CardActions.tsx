// The buttons over a card's picture: the heart and the compare toggle.
import type { ProjectCard } from '../../shared/catalogue.ts';
import { FavoriteButton } from './account/FavoriteButton.tsx';
import { CompareSlot } from './compare/CompareSlot.tsx';

export function CardActions({ project }: { project: Pick<ProjectCard, 'id' | 'name'> }) {
  return (
    <>
      <FavoriteButton projectId={project.id} name={project.name} />
      <CompareSlot projectId={project.id} name={project.name} />
    </>
  );
}
