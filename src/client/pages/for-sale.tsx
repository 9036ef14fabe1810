// A project's page, /for-sale/{id} in every section (issue 4, SPEC §2): the
// gallery and the labelled facts, the units and their price history (issue 13),
// the files, the location and the project's details, the card of whoever is
// behind the site with a contact form for this project, and similar projects at
// the foot. Its reads are the route's data needs (src/shared/routes.ts), so the
// server renders it whole.
import type { PageProps } from './index.ts';
import type { FilesAnswer, ProjectCard, ProjectDetail, UnitRow } from '../../shared/catalogue.ts';
import type { UnitPriceHistory } from '../../shared/price-history.ts';
import type { ExchangeRates } from '../../shared/currencies.ts';
import { formatPrice, formatPriceRange } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { namesPlace } from '../../shared/place-key.ts';
import { previewImage, siteOrigin } from '../../shared/seo.ts';
import type { ListingPaths } from '../../shared/structured-data.ts';
import { categoryInSentence } from '../../shared/category-label.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { hrefIn, useSection } from '../lib/section.tsx';
import { useSiteUrl } from '../lib/config.tsx';
import { Meta } from '../components/Meta.tsx';
import { Icon } from '../components/Icon.tsx';
import { PropertyContactForm } from '../components/LazyLeadForm.tsx';
import { PriceConversion } from '../components/price/LazyPriceConversion.tsx';
import { Gallery } from '../components/property/Gallery.tsx';
import { imageAlt } from '../components/property/Slides.tsx';
import { PropertySection } from '../components/property/PropertySection.tsx';
import {
  AgentCard,
  Description,
  KeyFacts,
  PhoneContactBar,
  PriceHistory,
  ProjectDetails,
  UnitsTable,
  ProjectFiles,
} from '../components/property/LazyPropertyParts.tsx';
import { ProjectLocation } from '../components/property/ProjectLocation.tsx';
import { SimilarProjects } from '../components/property/LazySimilarProjects.tsx';
import { Breadcrumbs } from '../components/property/Breadcrumbs.tsx';
import { ListingJsonLd } from '../components/property/ListingJsonLd.tsx';
import { useStore } from '../store.tsx';
import { usePropertyView } from '../components/property/tracking.ts';
import { FavoriteButton } from '../components/account/FavoriteButton.tsx';
import { CompareSlot } from '../components/compare/CompareSlot.tsx';
import { ShareLinks } from '../components/share/LazyShareLinks.tsx';
import { RecentlyViewedSlot } from '../components/RecentlyViewedSlot.tsx';
import { useContactDetails } from '../components/Footer.tsx';
import { pageAddresses } from '../lib/page-addresses.ts';
import { usePageWhere } from '../lib/usePageWhere.ts';

/** The page's place in the site: home → search → region → town → project (paths within a section). */
function trailPaths(project: ProjectDetail): ListingPaths {
  const { region, town } = project.location;
  return { home: '/', search: '/search', region: `/search/${region.path}`, town: `/search/${town.path}`, page: `/for-sale/${project.id}` };
}

/** At most `max` characters of `text` (plain text: the API's), on one line, cut at a word. */
function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[\s,.;:]+$/, '')}…`;
}

function metaDescription(project: ProjectDetail): string {
  const price = formatPrice(project.price?.min);
  const values = {
    category: categoryInSentence(project.category),
    town: project.location.town.name,
    region: project.location.region.name,
    price,
  };
  const resale = project.stage === 'resale';
  const lead = price
    ? t(resale ? 'property.meta.resaleDescriptionFrom' : 'property.meta.descriptionFrom', values)
    : t(resale ? 'property.meta.resaleDescription' : 'property.meta.description', values);
  return `${lead} ${excerpt(project.description, 150 - lead.length)}`.trim();
}

function PropertyView({
  project,
  units,
  files,
  similar,
  history,
  rates,
}: {
  project: ProjectDetail;
  units: UnitRow[];
  files: FilesAnswer | undefined;
  similar: ProjectCard[];
  history: UnitPriceHistory[] | undefined;
  /** The ECB's rates for the conversion beside a price, on request; none when too old (issue 24). */
  rates: ExchangeRates | null;
}) {
  const section = useSection();
  const origin = siteOrigin(useSiteUrl());
  usePropertyView(project, units);
  const paths = trailPaths(project);
  const labels = { home: t('nav.home'), search: t('nav.search') };
  const { town, region } = project.location;
  const trail = [
    { name: labels.home, href: hrefIn(section, paths.home) },
    { name: labels.search, href: hrefIn(section, paths.search) },
    { name: region.name, href: hrefIn(section, paths.region) },
    { name: town.name, href: hrefIn(section, paths.town) },
    { name: project.name, href: hrefIn(section, paths.page) },
  ];
  const price = formatPriceRange(project.price);
  const contact = useContactDetails();
  const partner = useStore((s) => s.partner);
  const url = pageAddresses(usePageWhere()).url;
  // A link preview shows a picture of the home, not a floor plan.
  const preview = project.images.find((i) => !i.floorplan);

  return (
    // Its address is what a printed page ends with (styles/print.css).
    <article className="property" aria-labelledby="property-title" data-address={url}>
      <Meta
        title={namesPlace(project.name, town.name) ? project.name : t('property.meta.title', { name: project.name, town: town.name })}
        description={metaDescription(project)}
        {...(preview
          ? { image: previewImage(preview), imageAlt: imageAlt(project.images, project.images.indexOf(preview), project.name) }
          : {})}
      />
      <ListingJsonLd project={project} units={units} origin={origin} paths={paths} labels={labels} />
      <div className="container property__top">
        <Breadcrumbs trail={trail} />
        <header className="property__header">
          <div>
            <h1 className="property__title" id="property-title">
              {project.name}
            </h1>
            <p className="property__place">
              <Icon name="pin" />
              {town.name}, {region.name}
            </p>
          </div>
          {price && (
            <div className="property__prices">
              <p className="property__price">
                <span className="visually-hidden">{t('card.price')}: </span>
                {price}
              </p>
              {rates && project.price && <PriceConversion price={project.price} rates={rates} />}
            </div>
          )}
          <FavoriteButton projectId={project.id} name={project.name} variant="page" />
          <CompareSlot projectId={project.id} name={project.name} variant="page" />
        </header>
        <ShareLinks title={project.name} />
      </div>
      <div className="container property__layout">
        <div className="property__main">
          <Gallery images={project.images} media={project.media} name={project.name} />
          <KeyFacts project={project} units={units} />
          {/* The homes on sale and their prices before the long description: what a buyer decides by. */}
          {units.length > 0 && (
            <PropertySection id="units-title" title={t('property.unitsTitle')}>
              <UnitsTable
                units={units}
                name={project.name}
                region={region.slug}
                costsPage={hrefIn(section, '/buying-costs')}
                rates={rates}
              />
            </PropertySection>
          )}
          <Description project={project} />
          {project.amenities.length > 0 && (
            <PropertySection id="amenities-title" title={t('property.amenities')}>
              <ul className="checklist amenities">
                {project.amenities.map((amenity, i) => (
                  <li key={i}>{amenity}</li>
                ))}
              </ul>
            </PropertySection>
          )}
          {history && history.length > 0 && (
            <PropertySection id="price-history-title" title={t('property.historyTitle')}>
              <PriceHistory units={history} name={project.name} listedAt={project.listed_at} />
            </PropertySection>
          )}
          {files && files.data.length > 0 && (
            <PropertySection id="files-title" title={t('property.filesTitle')}>
              <ProjectFiles files={files} />
            </PropertySection>
          )}
          <PropertySection id="location-title" title={t('property.location')}>
            <ProjectLocation project={project} />
          </PropertySection>
          <PropertySection id="details-title" title={t('property.detailsTitle')}>
            <ProjectDetails project={project} />
          </PropertySection>
          <PhoneContactBar name={project.name} projectId={project.id} broker={contact.name} phone={contact.phone} url={url} />
        </div>
        <aside className="property__aside" aria-label={t('property.contactLabel')}>
          <AgentCard {...contact} logo={partner?.logo ?? null} partner={partner !== null} />
          <PropertyContactForm projectId={project.id} headingLevel={2} />
        </aside>
      </div>
      <SimilarProjects projects={similar} region={region.name} />
      <RecentlyViewedSlot project={project} />
    </article>
  );
}

export default function ForSalePage({ match }: PageProps) {
  const project = useRouteData(match, '/api/property')?.data;
  const units = useRouteData(match, '/api/project/units')?.data;
  const files = useRouteData(match, '/api/project/files');
  const similar = useRouteData(match, '/api/project/similar')?.data;
  const history = useRouteData(match, '/api/project/price-history')?.data;
  const rates = useRouteData(match, '/api/rates')?.data ?? null;
  if (!project || !units) return null;
  return <PropertyView project={project} units={units} files={files} similar={similar ?? []} history={history} rates={rates} />;
}
