// Developments side by side (issue 22): /compare?ids=… in every section,
// rendered on the server for anyone the link is sent to, readable without
// JavaScript. One column a development, one row a fact; a row whose values
// differ is marked, and "Show only the differences" (a checkbox the
// stylesheet reads: no script needed) hides the others. "Remove" is a link to
// the comparison without it. Opened without ids, the page shows the list this
// browser keeps (lib/compare-list.ts), or says how to make one.
import { useEffect } from 'react';
import useSWR from 'swr';
import { useLocation, useSearch } from 'wouter';
import type { PageProps } from './index.ts';
import { COMPARE_MAX, compareHref, compareIds, type CompareAnswer, type ComparedProject } from '../../shared/compare.ts';
import { FEATURES } from '../../shared/features.ts';
import { formatPrice, formatPriceRange, formatRange, knownRange } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { categoryLabel } from '../../shared/category-label.ts';
import { compareList } from '../lib/compare-list.ts';
import { useHref } from '../lib/section.tsx';
import { dataKey, dataNeeds } from '../../shared/match.ts';
import { Meta } from '../components/Meta.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { Link } from '../components/Link.tsx';
import { Photo } from '../components/Photo.tsx';
import { ShareLinks } from '../components/share/LazyShareLinks.tsx';
import { projectPlace } from '../components/ProjectCard.tsx';
import { deliveryOf } from '../components/property/ProjectDetails.tsx';
import { airportDistance, beachDistance, centreDistance } from '../../shared/distances.ts';

interface Row {
  key: string;
  label: string;
  values: string[];
}

const area = (range: ComparedProject['built']) => {
  const known = knownRange(range);
  return known ? `${formatRange(known)} m²` : '';
};

function rowsOf(projects: ComparedProject[]): Row[] {
  const row = (key: string, label: string, value: (p: ComparedProject) => string): Row => ({ key, label, values: projects.map(value) });
  const range = (r: ComparedProject['bedrooms']) => {
    const known = knownRange(r);
    return known ? formatRange(known) : '';
  };
  return [
    row('place', t('compare.rows.place'), projectPlace),
    row('category', t('compare.rows.category'), (p) => categoryLabel(p.category)),
    row('price', t('compare.rows.price'), (p) => formatPriceRange(p.price) ?? ''),
    row('price_m2', t('compare.rows.pricePerM2'), (p) => (p.price_m2 ? t('card.pricePerM2', { price: formatPrice(p.price_m2) }) : '')),
    row('stage', t('compare.rows.stage'), (p) => t(`stages.${p.stage}`)),
    row('delivery', t('compare.rows.delivery'), deliveryOf),
    row('bedrooms', t('compare.rows.bedrooms'), (p) => range(p.bedrooms)),
    row('bathrooms', t('compare.rows.bathrooms'), (p) => range(p.bathrooms)),
    row('built', t('compare.rows.built'), (p) => area(p.built)),
    row('plot', t('compare.rows.plot'), (p) => area(p.plot)),
    row('beach', t('compare.rows.beach'), (p) => beachDistance(p.distances)),
    row('centre', t('compare.rows.townCentre'), (p) => centreDistance(p.distances)),
    row('airport', t('compare.rows.airport'), (p) => airportDistance(p.distances)),
    ...FEATURES.map((feature) =>
      row(`feature-${feature}`, t(`features.${feature}`), (p) =>
        p.features.includes(feature) ? t('compare.yes') : t('compare.notStated'),
      ),
    ),
    row('units', t('compare.rows.units'), (p) => String(p.units_available)),
  ];
}

const differs = (values: string[]) => values.length > 1 && new Set(values).size > 1;

export default function ComparePage({ match }: PageProps) {
  const search = useSearch();
  const asked = compareIds(new URLSearchParams(search).get('ids'));
  // The route's read, also fetched when only the query changes (a removed development, the list kept
  // here): the router loads a page's reads when its path changes.
  const need = dataNeeds(match, search).find((n) => n.endpoint === '/api/compare');
  const { data } = useSWR<CompareAnswer>(need ? dataKey(need) : null, { revalidateOnMount: undefined, keepPreviousData: true });
  const projects = need ? (data?.data ?? []) : [];
  const page = useHref('/compare');
  const searchPage = useHref('/search');
  const kept = compareList.use();
  const [, navigate] = useLocation();
  // Opened without a list in its address: the one this browser keeps, if any.
  useEffect(() => {
    if (!asked.length && kept.length) navigate(compareHref(page, kept), { replace: true });
  }, [asked.length, kept, navigate, page]);

  // Nothing said while the comparison is read, or while moving to the list kept here.
  const waiting = (need !== undefined && data === undefined) || (!asked.length && kept.length > 0);
  const title = t('compare.title');
  const lead = t('compare.lead', { max: COMPARE_MAX });
  return (
    <>
      <Meta title={title} description={lead} noindex />
      <PageHeader title={title} lead={lead} />
      <div className="container page compare">
        {waiting ? null : projects.length === 0 ? (
          <p className="compare__empty">
            {t('compare.empty', { max: COMPARE_MAX })} <Link href={searchPage}>{t('compare.find')}</Link>
          </p>
        ) : (
          <CompareTable projects={projects} asked={asked} page={page} />
        )}
      </div>
    </>
  );
}

function CompareTable({ projects, asked, page }: { projects: ComparedProject[]; asked: number[]; page: string }) {
  const forSale = useHref('/for-sale');
  const rows = rowsOf(projects);
  const remove = (id: number) => {
    const kept = compareList.read();
    if (kept.includes(id)) compareList.write(kept.filter((k) => k !== id));
  };
  return (
    <>
      {projects.length < asked.length && <p className="compare__missing">{t('compare.missing')}</p>}
      <div className="compare__tools">
        <label className="compare__differences">
          <input type="checkbox" id="compare-differences" />
          {t('compare.differencesOnly')}
        </label>
        <ShareLinks title={t('compare.title')} />
      </div>
      <div className="compare__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className={`compare-table compare-table--${projects.length}`}>
          <caption id="compare-caption" className="visually-hidden">
            {t('compare.caption')}
          </caption>
          <thead>
            <tr>
              <td className="compare-table__corner" />
              {projects.map((p) => {
                const image = p.images[0];
                return (
                  <th scope="col" key={p.id} className="compare-table__project">
                    <span className="compare-table__photo">
                      {image ? (
                        <Photo image={image} alt="" sizes="(min-width: 768px) 256px, 40vw" width={480} height={320} />
                      ) : (
                        t('card.noPhoto')
                      )}
                    </span>
                    <Link className="compare-table__name" href={`${forSale}/${p.id}`}>
                      {p.name}
                    </Link>
                    <Link
                      className="compare-table__remove"
                      href={compareHref(
                        page,
                        projects.map((q) => q.id).filter((id) => id !== p.id),
                      )}
                      aria-label={t('compare.removeLabel', { name: p.name })}
                      onClick={() => remove(p.id)}
                    >
                      {t('compare.remove')}
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const different = differs(row.values);
              return (
                <tr key={row.key} className={different ? 'is-different' : undefined}>
                  <th scope="row">
                    {row.label}
                    {different && <span className="visually-hidden">{` (${t('compare.differs')})`}</span>}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={projects[i]!.id}>{value || '–'}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
