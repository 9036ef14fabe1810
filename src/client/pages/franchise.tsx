// /franchise: the franchise concept for estate agents (SPEC §1), with a call to
// action to the contact page.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand, PageHero } from '../components/HeroSlider.tsx';
import { Link } from '../components/Link.tsx';
import {
  CardGrid,
  Checklist,
  Panel,
  Paragraphs,
  Section,
  SplitWithPanel,
  StepList,
  type IconCard,
  type Step,
} from '../components/Sections.tsx';
import { useHref } from '../lib/section.tsx';

interface Stat {
  value: string;
  label: string;
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

      <Section id="package-title" title={t('franchise.package.title')} lead={t('franchise.package.lead')} anchor="franchise-package">
        <CardGrid items={tList<IconCard>('franchise.package.items')} />
      </Section>

      <Section id="stats-title" title={t('franchise.stats.title')} tone="brand">
        <ul className="stats">
          {tList<Stat>('franchise.stats.items').map((stat) => (
            <li key={stat.value}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </Section>

      <SplitWithPanel
        id="who-title"
        title={t('franchise.who.title')}
        panel={
          <Panel id="offer-title" title={t('franchise.who.panelTitle')}>
            <Checklist items={tList('franchise.who.panel')} />
          </Panel>
        }
      >
        <Paragraphs items={tList('franchise.who.paragraphs')} />
      </SplitWithPanel>

      <Section id="join-title" title={t('franchise.steps.title')} tone="tint">
        <StepList items={tList<Step>('franchise.steps.items')} />
      </Section>

      <CtaBand id="franchise-band-title" title={t('franchise.band.title')} text={t('franchise.band.text')}>
        <Link className="button button--accent" href={contact}>
          {t('franchise.cta')}
        </Link>
      </CtaBand>
    </>
  );
}
