// The homepage: the hero slider and the search entry under it, then the
// featured developments (the route's data: /api/featured), why buy with us, the coasts, how buying works, the buyer's
// guides and a way to an adviser.
import type { PageProps } from './index.ts';
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, HeroSlider } from '../components/HeroSlider.tsx';
import { Link } from '../components/Link.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { Section, StepList, type Step } from '../components/Sections.tsx';
import { KeyFigures } from '../components/KeyFigures.tsx';
import { useHref } from '../lib/section.tsx';
import { useRouteData } from '../lib/useRouteData.ts';
import { SearchEntryBand } from '../components/SearchEntry.tsx';
import { FeaturedDevelopments } from '../components/FeaturedDevelopments.tsx';
import { RecentlyViewedSlot } from '../components/RecentlyViewedSlot.tsx';

interface Coast {
  name: string;
  region: string;
  text: string;
}

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

      <Section id="coasts-title" title={t('home.coasts.title')} lead={t('home.coasts.lead')} tone="tint">
        <ul className="grid grid--4">
          {tList<Coast>('home.coasts.items').map((coast) => (
            <li key={coast.name}>
              <article className="card card--link">
                <span className="card__tag">{coast.region}</span>
                <h3>{coast.name}</h3>
                <p>{coast.text}</p>
                <Link className="card__link stretched-link" href={search}>
                  {t('home.coasts.link', { name: coast.name })}
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="steps-title" title={t('home.steps.title')} lead={t('home.steps.lead')}>
        <StepList items={tList<Step>('home.steps.items')} />
        <div className="actions">
          <Link className="button button--outline" href={guide}>
            {t('home.steps.more')}
          </Link>
        </div>
      </Section>

      <Section id="guides-title" title={t('home.guides.title')} lead={t('home.guides.lead')} tone="tint">
        <GuideCards />
      </Section>

      <CtaBand id="contact-band-title" title={t('home.contactBand.title')} text={t('home.contactBand.text')}>
        <Link className="button button--accent" href={contact}>
          {t('home.contactBand.contact')}
        </Link>
        <Link className="button button--light" href={franchise}>
          {t('home.contactBand.franchise')}
        </Link>
      </CtaBand>
    </>
  );
}
