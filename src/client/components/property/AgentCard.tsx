// The company or person card (SPEC §2) of whoever is behind the page: on a
// partner's site the partner (logo, name, phone, e-mail, address), on the main
// site the sales office; the details are the footer's (useContactDetails).
import { t } from '../../../shared/i18n.ts';
import { useStore } from '../../store.tsx';
import { ContactList, useContactDetails } from '../Footer.tsx';

export function AgentCard() {
  const partner = useStore((s) => s.partner);
  const contact = useContactDetails();
  return (
    <section className="agent-card" aria-labelledby="agent-card-title">
      <h2 className="agent-card__title" id="agent-card-title">
        {partner ? t('property.agent.partnerTitle') : t('property.agent.officeTitle')}
      </h2>
      <div className="agent-card__who">
        {partner?.logo && <img className="agent-card__logo" src={partner.logo} alt="" height={48} />}
        <div>
          <p className="agent-card__name">{contact.name}</p>
          <p className="agent-card__role">{partner ? t('property.agent.partnerRole') : t('property.agent.officeRole')}</p>
        </div>
      </div>
      <ContactList contact={contact} />
    </section>
  );
}
