// /{partner}: the partner's branded home — a welcome with its name, a search
// entry, its newest developments and its areas (the route's data: its scope),
// the ways into its site, its contact details and the buyer's guides.
// Its route's reads come from the search address (src/shared/routes.ts, provideSearchReads).
import '../../shared/search-reads.ts';
import type { PageProps } from './index.ts';
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { PageHero } from '../components/HeroSlider.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { ContactList, useContactDetails } from '../components/Footer.tsx';
import { Link } from '../components/Link.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { Section } from '../components/Sections.tsx';
import { KeyFigures } from '../components/KeyFigures.tsx';
import { LandingSections } from '../components/PartnerLanding.tsx';
import { hrefIn, useHref, useSection } from '../lib/section.tsx';

interface Entry {
  icon: IconName;
  path: string;
  title: string;
  text: string;
}

export default function PartnerHomePage({ match }: PageProps) {
  const contact = useContactDetails();
  const name = contact.name;
  const section = useSection();
  const search = useHref('/search');
  const newBuild = useHref('/new-build-pages');
  const contactPage = useHref('/contact');
  return (
    <>
      <Meta title={t('partnerHome.title', { name })} description={t('partnerHome.description', { name })} />
      <PageHero
        eyebrow={t('partnerHome.eyebrow')}
        title={t('partnerHome.title', { name })}
        lead={t('partnerHome.lead', { name })}
        image={1}
      >
        <Link className="button button--accent" href={search}>
          {t('pageCommon.findHome')}
        </Link>
        <Link className="button button--light" href={newBuild}>
          {t('nav.newBuild')}
        </Link>
      </PageHero>

      <LandingSections match={match} id="partner" title={t('partnerHome.featured.title')} lead={t('partnerHome.featured.lead', { name })} />

      <Section id="explore-title" title={t('partnerHome.explore.title')}>
        <ul className="grid grid--4">
          {tList<Entry>('partnerHome.explore.items').map((entry) => (
            <li key={entry.path}>
              <article className="card card--link">
                <span className="card__icon">
                  <Icon name={entry.icon} />
                </span>
                <h3>
                  <Link className="stretched-link" href={hrefIn(section, entry.path)}>
                    {entry.title}
                  </Link>
                </h3>
                <p>{entry.text}</p>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <KeyFigures label={t('partnerHome.featuresLabel', { name })} />

      <section className="section section--tint" aria-labelledby="partner-contact-title">
        <div className="container partner-contact">
          <div className="prose">
            <h2 className="section__title" id="partner-contact-title">
              {t('partnerHome.contactTitle', { name })}
            </h2>
            <p className="lead">{t('partnerHome.contactText')}</p>
            <div className="actions">
              <Link className="button button--primary" href={contactPage}>
                {t('pageCommon.contactUs')}
              </Link>
            </div>
          </div>
          <div className="panel panel--white">
            <p className="panel__name">{name}</p>
            <ContactList contact={contact} />
          </div>
        </div>
      </section>

      <Section id="partner-guides-title" title={t('home.guides.title')} lead={t('home.guides.lead')}>
        <GuideCards />
      </Section>
    </>
  );
}
