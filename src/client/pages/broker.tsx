// /uw-makelaar: what "your broker" does for a buyer, how it works, and how to
// reach one: directly, or with the broker contact form.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { Icon } from '../components/Icon.tsx';
import { ContactList, telHref, useContactDetails } from '../components/Footer.tsx';
import { Link } from '../components/Link.tsx';
import {
  CardGrid,
  PageHeader,
  Panel,
  Paragraphs,
  Section,
  SplitWithPanel,
  StepList,
  type IconCard,
  type Step,
} from '../components/Sections.tsx';
import { useHref } from '../lib/section.tsx';
import { BrokerForm } from '../components/LeadForm.tsx';
import { useStore } from '../store.tsx';

export default function BrokerPage() {
  const contact = useContactDetails();
  // On a partner's site the partner is the broker: no network of partner brokers in its name (issue 10).
  const partner = useStore((s) => s.partner);
  const name = { name: contact.name };
  const contactPage = useHref('/contact');
  return (
    <>
      <Meta title={t('broker.metaTitle')} description={t('broker.description')} />
      <PageHeader title={t('broker.title')} lead={t('broker.lead')}>
        {contact.phone && (
          <a className="button button--primary" href={telHref(contact.phone)}>
            <Icon name="phone" />
            {contact.phone}
          </a>
        )}
        <Link className="button button--outline" href={contactPage}>
          {t('pageCommon.contactUs')}
        </Link>
      </PageHeader>

      <Section id="services-title" title={t('broker.services.title')}>
        <CardGrid items={tList<IconCard>('broker.services.items')} />
      </Section>

      <Section id="broker-steps-title" title={t('broker.steps.title')} tone="tint">
        <StepList items={tList<Step>('broker.steps.items')} />
      </Section>

      <SplitWithPanel
        id="near-title"
        title={partner ? t('partnerBrand.brokerNearTitle') : t('broker.near.title')}
        panel={
          <Panel id="reach-title" title={t('broker.near.panelTitle')}>
            <p>{partner ? t('partnerBrand.brokerPanelText', name) : t('broker.near.panelText')}</p>
            <p className="panel__name">{contact.name}</p>
            <ContactList contact={contact} />
          </Panel>
        }
      >
        <Paragraphs items={partner ? tList('partnerBrand.brokerNear', { name: contact.name }) : tList('broker.near.paragraphs')} />
      </SplitWithPanel>

      <Section
        id="broker-form-title"
        title={t('forms.broker.title')}
        lead={partner ? t('partnerBrand.brokerFormLead', name) : t('forms.broker.lead')}
        tone="tint"
        anchor="broker-form"
      >
        <BrokerForm labelledBy="broker-form-title" />
      </Section>
    </>
  );
}
