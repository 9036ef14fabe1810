// /{partner}/new-build-pages: buying a new-build home with the partner — why
// buy new, off-plan or key-ready, the golden rules, and the way to its search.
// Featured projects join this page with the catalogue.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand } from '../components/HeroSlider.tsx';
import { Icon, type IconName } from '../components/Logo.tsx';
import { useContactDetails } from '../components/Footer.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

interface Reason {
  icon: IconName;
  title: string;
  text: string;
}

export default function NewBuildPagesPage() {
  const { name } = useContactDetails();
  const search = useHref('/search');
  const contact = useHref('/contact');
  const offPlan = useHref('/buying-off-plan');
  return (
    <>
      <Meta title={t('newBuild.metaTitle')} description={t('newBuild.description')} />
      <header className="page-header">
        <div className="container">
          <h1 className="page-title">{t('newBuild.title', { name })}</h1>
          <p className="lead">{t('newBuild.lead', { name })}</p>
          <div className="actions">
            <Link className="button button--primary" href={search}>
              {t('newBuild.cta')}
            </Link>
          </div>
        </div>
      </header>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="why-title">
              {t('newBuild.why.title')}
            </h2>
          </header>
          <ul className="grid grid--3">
            {tList<Reason>('newBuild.why.items').map((item) => (
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

      <section className="section section--tint" aria-labelledby="types-title">
        <div className="container split">
          <div className="prose">
            <h2 className="section__title" id="types-title">
              {t('newBuild.types.title')}
            </h2>
            <h3>{t('newBuild.types.offPlanTitle')}</h3>
            <p>{t('newBuild.types.offPlan')}</p>
            <h3>{t('newBuild.types.keyReadyTitle')}</h3>
            <p>{t('newBuild.types.keyReady')}</p>
          </div>
          <aside className="panel panel--white" aria-labelledby="rules-title">
            <h3 id="rules-title">{t('newBuild.types.rulesTitle')}</h3>
            <ul className="checklist">
              {tList('newBuild.types.rules').map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
            <Link href={offPlan}>{t('newBuild.types.rulesLink')}</Link>
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="nb-guides-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="nb-guides-title">
              {t('newBuild.guidesTitle')}
            </h2>
          </header>
          <GuideCards />
        </div>
      </section>

      <CtaBand id="nb-band-title" title={t('newBuild.band.title', { name })} text={t('newBuild.band.text')}>
        <Link className="button button--accent" href={contact}>
          {t('pageCommon.contactUs')}
        </Link>
        <Link className="button button--light" href={search}>
          {t('newBuild.cta')}
        </Link>
      </CtaBand>
    </>
  );
}
