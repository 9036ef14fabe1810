// Where the project is: its address (the feed's detail, town, region, country)
// and, where the project has coordinates, the map of engineer B's PlaceMap.
import type { ProjectDetail } from '../../../shared/catalogue.ts';

export function projectAddress(project: ProjectDetail): string {
  const { detail, town, region, country } = project.location;
  return [detail, town.name, region.name, country.name].filter(Boolean).join(', ');
}

export function ProjectLocation({ project }: { project: ProjectDetail }) {
  return (
    <div className="project-location">
      <address className="project-location__address">{projectAddress(project)}</address>
    </div>
  );
}
