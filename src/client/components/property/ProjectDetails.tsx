// The project's own details: who builds it, when it is ready, the home types
// it offers, how many homes it has and how many are still on sale.
import type { ProjectDetail } from '../../../shared/catalogue.ts';
import { NEW_BUILD_STAGES } from '../../../shared/catalogue-terms.ts';
import { formatMonth } from '../../../shared/dates.ts';
import { t } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../../shared/category-label.ts';

/** When the homes are ready: only a new-build project has a delivery date, never a resale. */
export function deliveryOf(project: Pick<ProjectDetail, 'stage' | 'delivery_date'>): string {
  return (NEW_BUILD_STAGES as readonly string[]).includes(project.stage) && project.delivery_date ? formatMonth(project.delivery_date) : '';
}

export function ProjectDetails({ project }: { project: ProjectDetail }) {
  const rows: Array<[string, string]> = [
    [t('property.details.name'), project.name],
    [t('property.details.developer'), project.developer ?? ''],
    [t('property.details.delivery'), deliveryOf(project)],
    [t('property.details.types'), project.categories.map(categoryLabel).join(', ')],
    [t('property.details.homes'), t('property.details.homesValue', { total: project.units_total, available: project.units_available })],
  ];
  return (
    <dl className="project-details">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div className="project-details__item" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
