// The homepage: the hero slider and the search entry under it, then the
// featured developments (the route's data: /api/featured), why buy with us, then the coasts, how buying works, the
// buyer's guides and a way to an adviser (components/home/HomeMore.tsx: taken over on first use).
import type { PageProps } from './index.ts';
import { t } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { HeroSlider } from '../components/HeroSlider.tsx';
import { Link } from '../components/Link.tsx';
import { HomeMore } from '../components/home/LazyHomeMore.tsx';
import { KeyFigures } from '../components/KeyFigures.tsx';
import { useHref } from '../lib/section.tsx';
import { useRouteData } from '../lib/useRouteData.ts';
import { SearchEntryBand } from '../components/SearchEntry.tsx';
import { FeaturedDevelopments } from '../components/FeaturedDevelopments.tsx';
import { RecentlyViewedSlot } from '../components/RecentlyViewedSlot.tsx';

export default function HomePage({ match }: PageProps) {
  const featured = useRouteData(match, '/api/featured');
  const search = useHref('/search');
  const guide = useHref('/buying-process');
  const contact = useHref('/contact');
  const franchise = useHref('/franchise');
  return (
    <>
      <Meta description={t('home.description')} />
      <HeroSlider />
      <SearchEntryBand id="home-search-title" />
      <section className="container page home-intro" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">{t('home.title')}</h1>
          <p className="lead">{t('home.lead')}</p>
        </div>
        <div className="actions">
          <Link className="button button--primary" href={search}>
            {t('home.cta')}
          </Link>
          <Link className="button button--outline" href={guide}>
            {t('home.secondaryCta')}
          </Link>
        </div>
      </section>
      <FeaturedDevelopments featured={featured} />
      <RecentlyViewedSlot />
      <KeyFigures label={t('home.featuresLabel')} />

      <HomeMore search={search} guide={guide} contact={contact} franchise={franchise} />
    </>
  );
}
