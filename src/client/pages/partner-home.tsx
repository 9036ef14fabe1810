// /{partner}: the partner's branded home — a welcome with its name, the ways
// into its site, its contact details and the buyer's guides.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { PageHero } from '../components/HeroSlider.tsx';
import { Icon, type IconName } from '../components/Logo.tsx';
import { ContactList, useContactDetails } from '../components/Footer.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { Link } from '../components/Link.tsx';
import { hrefIn, useHref, useSection } from '../lib/section.tsx';

interface Feature {
  figure: string;
  title: string;
  text: string;
}

interface Entry {
  icon: IconName;
  path: string;
  title: string;
  text: string;
}

export default function PartnerHomePage() {
  const contact = useContactDetails();
  const name = contact.name;
  const section = useSection();
  const search = useHref('/search');
  const newBuild = useHref('/new-build-pages');
  const contactPage = useHref('/contact');
  return (
    <>
      <Meta title={t('partnerHome.title', { name })} description={t('partnerHome.description', { name })} />
      <PageHero eyebrow={t('partnerHome.eyebrow')} title={t('partnerHome.title', { name })} lead={t('partnerHome.lead', { name })} image={1}>
        <Link className="button button--accent" href={search}>
          {t('pageCommon.findHome')}
        </Link>
        <Link className="button button--light" href={newBuild}>
          {t('nav.newBuild')}
        </Link>
      </PageHero>

      <section className="section" aria-labelledby="explore-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="explore-title">
              {t('partnerHome.explore.title')}
            </h2>
          </header>
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
        </div>
      </section>

      <section className="container features" aria-label={t('partnerHome.featuresLabel', { name })}>
        {tList<Feature>('home.features').map((f) => (
          <div className="feature" key={f.title}>
            <span className="feature__figure" aria-hidden="true">
              {f.figure}
            </span>
            <h2>
              <span className="visually-hidden">{f.figure} </span>
              {f.title}
            </h2>
            <p>{f.text}</p>
          </div>
        ))}
      </section>

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

      <section className="section" aria-labelledby="partner-guides-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="partner-guides-title">
              {t('home.guides.title')}
            </h2>
            <p className="lead">{t('home.guides.lead')}</p>
          </header>
          <GuideCards />
        </div>
      </section>
    </>
  );
}
