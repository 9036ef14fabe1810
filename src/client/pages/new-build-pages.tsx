// /{partner}/new-build-pages: buying a new-build home with the partner — a
// search entry, its newest developments and its areas (the route's data: its
// scope), why buy new, off-plan or key-ready, the golden rules, and the way to
// its search.
// Its route's reads come from the search address (src/shared/routes.ts, provideSearchReads).
import '../../shared/search-reads.ts';
import type { PageProps } from './index.ts';
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { CtaBand } from '../components/HeroSlider.tsx';
import { useContactDetails } from '../components/Footer.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { Link } from '../components/Link.tsx';
import { CardGrid, Checklist, PageHeader, Panel, Section, SplitWithPanel, type IconCard } from '../components/Sections.tsx';
import { useHref } from '../lib/section.tsx';
import { LandingSections } from '../components/PartnerLanding.tsx';

export default function NewBuildPagesPage({ match }: PageProps) {
  const { name } = useContactDetails();
  const search = useHref('/search');
  const contact = useHref('/contact');
  const offPlan = useHref('/buying-off-plan');
  return (
    <>
      <Meta title={t('newBuild.metaTitle')} description={t('newBuild.description')} />
      <PageHeader title={t('newBuild.title', { name })} lead={t('newBuild.lead', { name })}>
        <Link className="button button--primary" href={search}>
          {t('newBuild.cta')}
        </Link>
      </PageHeader>

      <LandingSections match={match} id="nb" title={t('newBuild.featured.title')} lead={t('newBuild.featured.lead', { name })} />

      <Section id="why-title" title={t('newBuild.why.title')}>
        <CardGrid items={tList<IconCard>('newBuild.why.items')} />
      </Section>

      <SplitWithPanel
        id="types-title"
        title={t('newBuild.types.title')}
        tone="tint"
        panel={
          <Panel id="rules-title" title={t('newBuild.types.rulesTitle')} white>
            <Checklist items={tList('newBuild.types.rules')} />
            <Link href={offPlan}>{t('newBuild.types.rulesLink')}</Link>
          </Panel>
        }
      >
        <h3>{t('newBuild.types.offPlanTitle')}</h3>
        <p>{t('newBuild.types.offPlan')}</p>
        <h3>{t('newBuild.types.keyReadyTitle')}</h3>
        <p>{t('newBuild.types.keyReady')}</p>
      </SplitWithPanel>

      <Section id="nb-guides-title" title={t('newBuild.guidesTitle')}>
        <GuideCards />
      </Section>

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
