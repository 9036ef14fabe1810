// /contact (also /old/contact and /{partner}/contact): how to reach the office,
// or the partner on its site, and the contact form (its lead goes to the
// partner on a partner's site, to the office otherwise).
import type { ReactNode } from 'react';
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { telHref, useContactDetails } from '../components/Footer.tsx';
import { Link } from '../components/Link.tsx';
import { GuideCards } from '../components/RichText.tsx';
import { ContactForm } from '../components/LeadForm.tsx';
import { Checklist, PageHeader, Section, SplitWithPanel } from '../components/Sections.tsx';
import { useHref } from '../lib/section.tsx';
import { useStore } from '../store.tsx';

interface Hours {
  days: string;
  time: string;
}

function Channel({ icon, title, text, children }: { icon: IconName; title: string; text: string; children: ReactNode }) {
  return (
    <li>
      <article className="card channel">
        <span className="card__icon">
          <Icon name={icon} />
        </span>
        <h2 className="channel__title">{title}</h2>
        <p className="channel__value">{children}</p>
        <p>{text}</p>
      </article>
    </li>
  );
}

export default function ContactPage() {
  const partner = useStore((s) => s.partner);
  const contact = useContactDetails();
  const search = useHref('/search');
  return (
    <>
      <Meta title={t('contact.metaTitle')} description={t('contact.description')} />
      <PageHeader title={t('contact.title')} lead={partner ? t('contact.partnerLead', { name: partner.name }) : t('contact.lead')} />

      {/* Not the bare name: the footer's brand section has that label (axe: landmark-unique). */}
      <section className="section" aria-label={t('accessibilitySweep.contactWays', { name: contact.name })}>
        <div className="container">
          <ul className="grid grid--3">
            {contact.phone && (
              <Channel icon="phone" title={t('contact.callTitle')} text={t('contact.callText')}>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </Channel>
            )}
            {contact.email && (
              <Channel icon="mail" title={t('contact.mailTitle')} text={t('contact.mailText')}>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </Channel>
            )}
            {contact.address && (
              <Channel icon="pin" title={t('contact.visitTitle')} text={t('contact.visitText')}>
                <span>{contact.name}</span>
                <br />
                {contact.address}
              </Channel>
            )}
          </ul>
        </div>
      </section>

      <Section id="contact-form-title" title={t('forms.contact.title')} lead={t('forms.contact.lead')} anchor="contact-form">
        <ContactForm labelledBy="contact-form-title" />
      </Section>

      <SplitWithPanel
        id="help-title"
        title={t('contact.helpTitle')}
        tone="tint"
        panel={
          partner ? (
            <aside className="panel panel--white" aria-labelledby="more-title">
              <h2 id="more-title">{t('contact.moreTitle')}</h2>
              <p>{t('contact.moreText')}</p>
              <Link className="button button--primary" href={search}>
                {t('pageCommon.findHome')}
              </Link>
            </aside>
          ) : (
            <aside className="panel panel--white" aria-labelledby="hours-title">
              <h2 id="hours-title">
                <Icon name="clock" className="inline-icon" />
                {t('contact.hoursTitle')}
              </h2>
              <table className="hours">
                <tbody>
                  {tList<Hours>('contact.hours').map((row) => (
                    <tr key={row.days}>
                      <th scope="row">{row.days}</th>
                      <td>{row.time}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="panel__note">{t('contact.hoursNote')}</p>
            </aside>
          )
        }
      >
        {/* The franchise is the main brand's offer (issue 10): a partner's list leaves it out. */}
        <Checklist items={tList(partner ? 'partnerBrand.contactHelp' : 'contact.help')} />
      </SplitWithPanel>

      <Section id="contact-guides-title" title={t('home.guides.title')} lead={t('home.guides.lead')}>
        <GuideCards />
      </Section>
    </>
  );
}
