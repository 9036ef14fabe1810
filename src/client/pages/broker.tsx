// /uw-makelaar: what "your broker" does for a buyer, how it works, and how to
// reach one. The broker contact form arrives with its own issue.
import { t, tList } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { Icon, type IconName } from '../components/Logo.tsx';
import { ContactList, telHref, useContactDetails } from '../components/Footer.tsx';
import { Link } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

interface Service {
  icon: IconName;
  title: string;
  text: string;
}

interface Step {
  title: string;
  text: string;
}

export default function BrokerPage() {
  const contact = useContactDetails();
  const contactPage = useHref('/contact');
  return (
    <>
      <Meta title={t('broker.metaTitle')} description={t('broker.description')} />
      <header className="page-header">
        <div className="container">
          <h1 className="page-title">{t('broker.title')}</h1>
          <p className="lead">{t('broker.lead')}</p>
          <div className="actions">
            {contact.phone && (
              <a className="button button--primary" href={telHref(contact.phone)}>
                <Icon name="phone" />
                {contact.phone}
              </a>
            )}
            <Link className="button button--outline" href={contactPage}>
              {t('pageCommon.contactUs')}
            </Link>
          </div>
        </div>
      </header>

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="services-title">
              {t('broker.services.title')}
            </h2>
          </header>
          <ul className="grid grid--3">
            {tList<Service>('broker.services.items').map((item) => (
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

      <section className="section section--tint" aria-labelledby="broker-steps-title">
        <div className="container">
          <header className="section__header">
            <h2 className="section__title" id="broker-steps-title">
              {t('broker.steps.title')}
            </h2>
          </header>
          <ol className="steps steps--4">
            {tList<Step>('broker.steps.items').map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="near-title">
        <div className="container split">
          <div className="prose">
            <h2 className="section__title" id="near-title">
              {t('broker.near.title')}
            </h2>
            {tList('broker.near.paragraphs').map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <aside className="panel" aria-labelledby="reach-title">
            <h3 id="reach-title">{t('broker.near.panelTitle')}</h3>
            <p>{t('broker.near.panelText')}</p>
            <p className="panel__name">{contact.name}</p>
            <ContactList contact={contact} />
          </aside>
        </div>
      </section>
    </>
  );
}
