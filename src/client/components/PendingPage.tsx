// A page whose feature is not open yet: its title and the ways to reach an
// adviser meanwhile, so a visitor is never left at a dead end.
import { t, type MessageKey } from '../../shared/i18n.ts';
import { Meta } from './Meta.tsx';
import { Link } from './Link.tsx';
import { Icon } from './Logo.tsx';
import { telHref, useContactDetails } from './Footer.tsx';
import { useHref } from '../lib/section.tsx';

export function PendingPage({ titleKey }: { titleKey: MessageKey }) {
  const home = useHref('/');
  const contact = useContactDetails();
  const title = t(titleKey);
  return (
    <section className="container page pending-page">
      <Meta title={title} />
      <div className="pending-card">
        <span className="pending-card__icon">
          <Icon name="clock" />
        </span>
        <p className="eyebrow">{t('pending.title')}</p>
        <h1>{title}</h1>
        <p>{t('pending.body')}</p>
        <div className="pending-card__contact">
          {contact.phone && (
            <a className="button button--primary" href={telHref(contact.phone)}>
              <Icon name="phone" />
              {contact.phone}
            </a>
          )}
          {contact.email && (
            <a className="button button--outline" href={`mailto:${contact.email}`}>
              <Icon name="mail" />
              {contact.email}
            </a>
          )}
        </div>
        <Link className="pending-card__home" href={home}>
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
