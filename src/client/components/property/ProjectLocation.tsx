// Where the project is: its address (the feed's detail, town, region, country)
// and, when the project has coordinates, a map with its pin (PlaceMap: client
// only, tiles of another site only after functional consent), said to be
// approximate when the position is (a town's, or given coarsely: issue 23).
import type { ProjectDetail } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { PlaceMap } from '../map/PlaceMap.tsx';

export function projectAddress(project: ProjectDetail): string {
  const { detail, town, region, country } = project.location;
  return [detail, town.name, region.name, country.name].filter(Boolean).join(', ');
}

export function ProjectLocation({ project }: { project: ProjectDetail }) {
  const { lat, lng } = project.location;
  return (
    <div className="project-location">
      <address className="project-location__address">{projectAddress(project)}</address>
      {project.distances.approximate && <p className="project-location__note">{t('property.approximatePosition')}</p>}
      {lat !== null && lng !== null && <PlaceMap lat={lat} lng={lng} label={project.name} className="project-location__map" />}
    </div>
  );
}
