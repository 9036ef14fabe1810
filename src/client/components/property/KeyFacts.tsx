// The project's labelled facts (SPEC §2) as a description list. The grid's
// last cell widens to the row's end (styles/property.css): no empty cell.
import type { ProjectDetail, UnitRow } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { projectFacts } from './facts.ts';

export function KeyFacts({ project, units }: { project: ProjectDetail; units: UnitRow[] }) {
  return (
    <section className="property-section key-facts" aria-labelledby="facts-title">
      <h2 className="visually-hidden" id="facts-title">
        {t('property.facts.title')}
      </h2>
      <dl className="key-facts__list">
        {projectFacts(project, units).map((fact) => (
          <div className={`key-facts__item key-facts__item--${fact.key}`} key={fact.key}>
            <dt>{fact.label}</dt>
            <dd>
              {fact.value}
              {fact.note && <span className="key-facts__note"> ({fact.note})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
