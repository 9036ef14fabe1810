// The project's own details: who builds it, when it is ready, the home types
// it offers, how many homes it has and how many are still on sale.
import type { ProjectDetail } from '../../../shared/catalogue.ts';
import { NEW_BUILD_STAGES } from '../../../shared/catalogue-terms.ts';
import { t } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../lib/labels.ts';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2027-03' → 'March 2027'; anything else as it is. */
export function deliveryLabel(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? MONTH.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : value;
}

/** When the homes are ready: only a new-build project has a delivery date, never a resale. */
function deliveryOf(project: Pick<ProjectDetail, 'stage' | 'delivery_date'>): string {
  return NEW_BUILD_STAGES.includes(project.stage) && project.delivery_date ? deliveryLabel(project.delivery_date) : '';
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
