// A project as a search result: the one card of the grid, the list, the strip
// over the map, a map popup, similar projects and favorites (SPEC §2, §9).
import type { ReactNode } from 'react';
import type { ProjectCard as Project } from '../../shared/catalogue.ts';
import { formatPrice, formatPriceRange, formatRange, knownRange } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { categoryLabel } from '../../shared/category-label.ts';
import { useHref } from '../lib/section.tsx';
import { Link } from './Link.tsx';
import { Photo } from './Photo.tsx';
import { PHOTO_SIZES } from '../lib/photo-sizes.ts';

export type CardVariant = 'grid' | 'list' | 'strip' | 'popup';

export interface ProjectCardProps {
  project: Project;
  variant?: CardVariant;
  /** The heading level in the page's outline (a card in a section under an h2 is an h3). */
  headingLevel?: 2 | 3 | 4;
  /** Buttons over the picture, e.g. the favorite heart (styles/cards.css places them). */
  actions?: ReactNode;
  /** Images below the fold load lazily; the first row of a page does not (no attribute: eager is the default). */
  eager?: boolean;
  /** The page's largest picture on its first screen (the first result): fetched before any other. */
  priority?: boolean;
  /** The width its picture is shown at (lib/photo-sizes.ts): by default a card of a three- or four-column grid. */
  sizes?: string;
}

export function projectPlace(project: Project): string {
  const { town, region } = project.location;
  return `${town.name}, ${region.name}`;
}

export function ProjectCard({
  project,
  variant = 'grid',
  headingLevel = 3,
  actions,
  eager = false,
  priority = false,
  sizes = PHOTO_SIZES.cardGrid,
}: ProjectCardProps) {
  const href = useHref(`/for-sale/${project.id}`);
  const Heading = `h${headingLevel}` as const;
  const image = project.images[0];
  const price = formatPriceRange(project.price);
  // A measure the feed does not give is left out, never shown as 0.
  const bedrooms = knownRange(project.bedrooms);
  const bathrooms = knownRange(project.bathrooms);
  const builtRange = knownRange(project.built);
  const built = builtRange ? `${formatRange(builtRange)} m²` : '';
  return (
    <article className={`project-card project-card--${variant}`} data-project={project.id}>
      <div className="project-card__media">
        {image ? (
          <Photo
            image={image}
            alt={image.caption ?? t('card.photoOf', { name: project.name })}
            sizes={sizes}
            loading={eager || priority ? undefined : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            width={480}
            height={320}
          />
        ) : (
          <span className="project-card__placeholder">{t('card.noPhoto')}</span>
        )}
        <span className="project-card__tag">{t(`stages.${project.stage}`)}</span>
        {actions}
      </div>
      <div className="project-card__body">
        <Heading className="project-card__title">
          <Link className="stretched-link" href={href}>
            {project.name}
          </Link>
        </Heading>
        <p className="project-card__place">{projectPlace(project)}</p>
        <p className="project-card__category">{categoryLabel(project.category)}</p>
        {price ? (
          <p className="project-card__price">
            <span className="visually-hidden">{`${t('card.price')}: `}</span>
            {price}
            {project.price_m2 ? (
              <span className="project-card__price-m2">{t('card.pricePerM2', { price: formatPrice(project.price_m2) })}</span>
            ) : null}
          </p>
        ) : null}
        {project.price_reduced ? <p className="project-card__reduced">{t('card.priceReduced')}</p> : null}
        <ul className="project-card__facts">
          {bedrooms ? <Fact icon="bed" label={t('card.bedrooms')} value={formatRange(bedrooms)} /> : null}
          {bathrooms ? <Fact icon="bath" label={t('card.bathrooms')} value={formatRange(bathrooms)} /> : null}
          {built ? <Fact icon="area" label={t('card.built')} value={built} /> : null}
        </ul>
      </div>
    </article>
  );
}

/** A fact's icon is drawn by the stylesheet from its class (styles/cards.css), like the pin's. */
function Fact({ icon, label, value }: { icon: 'bed' | 'bath' | 'area'; label: string; value: string }) {
  return (
    <li className={icon} title={label}>
      {/* One string, not two: React would mark the join with <!-- --> in the HTML. */}
      <span className="visually-hidden">{`${label}: `}</span>
      {value}
    </li>
  );
}
