// The company or person card (SPEC §2) of whoever is behind the page: on a
// partner's site the partner (logo, name, phone, e-mail, address), on the main
// site the sales office; the details are the footer's (useContactDetails),
// handed in as plain values (strings, which compare equal from one render to
// the next, so the island never counts itself stale and loads its code): links
// only, the browser keeps the server's (LazyPropertyParts.browser.tsx).
import { t } from '../../../shared/i18n.ts';
import { ContactList, type ContactDetails } from '../Footer.tsx';

export interface AgentCardProps extends ContactDetails {
  /** The partner's logo on its site; null on the main site or when it has none. */
  logo: string | null;
  /** On a partner's site (the partner), or the main site's (the sales office). */
  partner: boolean;
}

export function AgentCard({ logo, partner, ...contact }: AgentCardProps) {
  return (
    <section className="agent-card" aria-labelledby="agent-card-title">
      <h2 className="agent-card__title" id="agent-card-title">
        {partner ? t('property.agent.partnerTitle') : t('property.agent.officeTitle')}
      </h2>
      <div className="agent-card__who">
        {logo && <img className="agent-card__logo" src={logo} alt="" height={48} />}
        <div>
          <p className="agent-card__name">{contact.name}</p>
          <p className="agent-card__role">{partner ? t('property.agent.partnerRole') : t('property.agent.officeRole')}</p>
        </div>
      </div>
      <ContactList contact={contact} />
    </section>
  );
}
