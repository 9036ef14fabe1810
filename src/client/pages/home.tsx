// The homepage: the hero slider, then the ways into the catalogue and guides.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { HeroSlider } from '../components/HeroSlider.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

interface Feature {
  title: string;
  text: string;
}

export default function HomePage() {
  const search = useHref('/search');
  return (
    <>
      <Meta description={t('home.description')} />
      <HeroSlider />
      <section className="container page home-intro">
        <h1>{t('home.title')}</h1>
        <p className="lead">{t('home.lead')}</p>
        <Link className="button button--primary" href={search}>
          {t('home.cta')}
        </Link>
      </section>
      <section className="container features" aria-label={t('home.featuresLabel')}>
        {tList<Feature>('home.features').map((f) => (
          <div className="feature" key={f.title}>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </div>
        ))}
      </section>
    </>
  );
}
