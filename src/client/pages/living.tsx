// /wonen-en-leven: living in Spain — climate, healthcare, residency and the
// NIE, schools, travel, costs, and the coasts we cover.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, PageHero } from '../components/HeroSlider.tsx';
import { Icon } from '../components/Icon.tsx';
import { Link } from '../components/Link.tsx';
import { CardGrid, Checklist, Panel, Paragraphs, Section, SplitWithPanel, type IconCard } from '../components/Sections.tsx';
import { useHref } from '../lib/section.tsx';

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

      <Section id="topics-title" title={t('living.topics.title')}>
        <CardGrid items={tList<IconCard>('living.topics.items')} />
      </Section>

      <Section id="living-coasts-title" title={t('living.coasts.title')} lead={t('living.coasts.lead')} tone="tint">
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
      </Section>

      <SplitWithPanel
        id="moving-title"
        title={t('living.moving.title')}
        panel={
          <Panel id="checklist-title" title={t('living.moving.checklistTitle')}>
            <Checklist items={tList('living.moving.checklist')} />
            <Link href={nie}>{t('living.moving.nieLink')}</Link>
          </Panel>
        }
      >
        <Paragraphs items={tList('living.moving.paragraphs')} />
      </SplitWithPanel>

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
