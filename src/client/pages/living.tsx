// /wonen-en-leven: living in Spain — climate, healthcare, residency and the
// NIE, schools, travel, costs, and the coasts we cover.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, PageHero } from '../components/HeroSlider.tsx';
import { Icon, type IconName } from '../components/Logo.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

interface Topic {
  icon: IconName;
  title: string;
  text: string;
}

interface Coast {
  name: string;
  text: string;
  airport: string;
}

export default function LivingPage() {
  const contact = useHref('/contact');
  const search = useHref('/search');
  const nie = useHref('/nie-number');
  return (
    <>
      <Meta title={t('living.metaTitle')} description={t('living.description')} />
      <PageHero eyebrow={t('living.eyebrow')} title={t('living.title')} lead={t('living.lead')} image={3} />

      <section className="section" aria-labelledby="topics-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="topics-title">
              {t('living.topics.title')}
            </h2>
          </header>
          <ul className="grid grid--3">
            {tList<Topic>('living.topics.items').map((topic) => (
              <li key={topic.title}>
                <article className="card">
                  <span className="card__icon">
                    <Icon name={topic.icon} />
                  </span>
                  <h3>{topic.title}</h3>
                  <p>{topic.text}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="living-coasts-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="living-coasts-title">
              {t('living.coasts.title')}
            </h2>
            <p className="lead">{t('living.coasts.lead')}</p>
          </header>
          <ul className="grid grid--4">
            {tList<Coast>('living.coasts.items').map((coast) => (
              <li key={coast.name}>
                <article className="card">
                  <h3>{coast.name}</h3>
                  <p>{coast.text}</p>
                  <p className="card__meta">
                    <Icon name="plane" />
                    {coast.airport}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="moving-title">
        <div className="container split">
          <div className="prose">
            <h2 className="section__title" id="moving-title">
              {t('living.moving.title')}
            </h2>
            {tList('living.moving.paragraphs').map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <aside className="panel" aria-labelledby="checklist-title">
            <h3 id="checklist-title">{t('living.moving.checklistTitle')}</h3>
            <ul className="checklist">
              {tList('living.moving.checklist').map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
            <Link href={nie}>{t('living.moving.nieLink')}</Link>
          </aside>
        </div>
      </section>

      <CtaBand id="living-band-title" title={t('living.band.title')} text={t('living.band.text')}>
        <Link className="button button--accent" href={contact}>
          {t('pageCommon.contactUs')}
        </Link>
        <Link className="button button--light" href={search}>
          {t('pageCommon.findHome')}
        </Link>
      </CtaBand>
    </>
  );
}
