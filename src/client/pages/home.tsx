// The homepage: the hero slider, then why buy with us, the coasts, how buying
// works, the buyer's guides and a way to an adviser.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, HeroSlider } from '../components/HeroSlider.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';
import { GuideCards } from '../components/RichText.tsx';

interface Feature {
  figure: string;
  title: string;
  text: string;
}

interface Coast {
  name: string;
  region: string;
  text: string;
}

interface Step {
  title: string;
  text: string;
}

export default function HomePage() {
  const search = useHref('/search');
  const guide = useHref('/buying-process');
  const contact = useHref('/contact');
  const franchise = useHref('/franchise');
  return (
    <>
      <Meta description={t('home.description')} />
      <HeroSlider />
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
      <section className="container features" aria-label={t('home.featuresLabel')}>
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

      <section className="section section--tint" aria-labelledby="coasts-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="coasts-title">
              {t('home.coasts.title')}
            </h2>
            <p className="lead">{t('home.coasts.lead')}</p>
          </header>
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
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="steps-title">
              {t('home.steps.title')}
            </h2>
            <p className="lead">{t('home.steps.lead')}</p>
          </header>
          <ol className="steps steps--4">
            {tList<Step>('home.steps.items').map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="actions">
            <Link className="button button--outline" href={guide}>
              {t('home.steps.more')}
            </Link>
          </div>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="guides-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="guides-title">
              {t('home.guides.title')}
            </h2>
            <p className="lead">{t('home.guides.lead')}</p>
          </header>
          <GuideCards />
        </div>
      </section>

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
