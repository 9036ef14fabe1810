// /franchise: the franchise concept for estate agents (SPEC §1), with a call to
// action to the contact page.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, PageHero } from '../components/HeroSlider.tsx';
import { Icon, type IconName } from '../components/Logo.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

interface Benefit {
  icon: IconName;
  title: string;
  text: string;
}

interface Stat {
  value: string;
  label: string;
}

interface Step {
  title: string;
  text: string;
}

export default function FranchisePage() {
  const contact = useHref('/contact');
  return (
    <>
      <Meta title={t('franchise.metaTitle')} description={t('franchise.description')} />
      <PageHero eyebrow={t('franchise.eyebrow')} title={t('franchise.title')} lead={t('franchise.lead')} image={2}>
        <Link className="button button--accent" href={contact}>
          {t('franchise.cta')}
        </Link>
        <Link className="button button--light" href="#franchise-package">
          {t('franchise.seePackage')}
        </Link>
      </PageHero>

      <section className="section" id="franchise-package" aria-labelledby="package-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="package-title">
              {t('franchise.package.title')}
            </h2>
            <p className="lead">{t('franchise.package.lead')}</p>
          </header>
          <ul className="grid grid--3">
            {tList<Benefit>('franchise.package.items').map((item) => (
              <li key={item.title}>
                <article className="card">
                  <span className="card__icon">
                    <Icon name={item.icon} />
                  </span>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--brand" aria-labelledby="stats-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="stats-title">
              {t('franchise.stats.title')}
            </h2>
          </header>
          <ul className="stats">
            {tList<Stat>('franchise.stats.items').map((stat) => (
              <li key={stat.value}>
                <strong>{stat.value}</strong>
                <span>{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="who-title">
        <div className="container split">
          <div className="prose">
            <h2 className="section__title" id="who-title">
              {t('franchise.who.title')}
            </h2>
            {tList('franchise.who.paragraphs').map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <aside className="panel" aria-labelledby="offer-title">
            <h3 id="offer-title">{t('franchise.who.panelTitle')}</h3>
            <ul className="checklist">
              {tList('franchise.who.panel').map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="join-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="join-title">
              {t('franchise.steps.title')}
            </h2>
          </header>
          <ol className="steps steps--4">
            {tList<Step>('franchise.steps.items').map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CtaBand id="franchise-band-title" title={t('franchise.band.title')} text={t('franchise.band.text')}>
        <Link className="button button--accent" href={contact}>
          {t('franchise.cta')}
        </Link>
      </CtaBand>
    </>
  );
}
