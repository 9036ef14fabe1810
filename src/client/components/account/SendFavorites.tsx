// "Send my favorites to {partner}" on the favorites page of a logged-in client
// (issue 10): one button opens a small form with an optional message; sending
// it posts a lead of kind 'favorites' (POST /api/leads, the same path as the
// other forms: idempotency key, outbox, rate limit). The server takes the
// client's name, email, phone and favorites from the account, and sends it to
// the partner whose site this is, else the client's partner, else the office.
// The button and the message follow SPEC §4 and §8 like every form.
import { useEffect, useRef, useState } from 'react';
import { FavoritesFields } from '../../../shared/lead-fields.ts';
import type { LeadCreated } from '../../../shared/leads.ts';
import { t } from '../../../shared/i18n.ts';
import { postJson } from '../../lib/api.ts';
import { useSection } from '../../lib/section.tsx';
import { useStore } from '../../store.tsx';
import { Field } from '../forms/Field.tsx';
import { FormStatusMessage, useForm } from '../forms/Form.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { sitePartner } from '../../lib/account-links.ts';

const ID = 'send-favorites';
const idOf = (name: string) => `${ID}-${name}`;

export function SendFavorites({ count }: { count: number }) {
  const section = useSection();
  const partner = useStore((s) => s.partner);
  const slug = sitePartner(section);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const form = useForm({
    names: ['message'],
    struct: FavoritesFields,
    idOf,
    send: (values, idempotencyKey) =>
      postJson<LeadCreated>('/api/leads', {
        kind: 'favorites',
        idempotency_key: idempotencyKey,
        page: window.location.pathname,
        ...(slug ? { partner: slug } : {}),
        ...values,
      }),
  });

  // Opening moves the focus into the form, to the message.
  useEffect(() => {
    if (open) document.getElementById(idOf('message'))?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const name = partner?.name ?? null;
  return (
    <div className="send-favorites">
      <button
        ref={toggle}
        type="button"
        className="button button--primary send-favorites__toggle"
        aria-expanded={open}
        aria-controls={`${ID}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        {name ? t('favoritesSend.open', { name }) : t('favoritesSend.openOffice')}
      </button>
      <section id={`${ID}-panel`} className="send-favorites__panel" aria-labelledby={`${ID}-title`} hidden={!open}>
        <h2 className="send-favorites__title" id={`${ID}-title`}>
          {t('favoritesSend.title')}
        </h2>
        <p className="send-favorites__lead">{name ? t('favoritesSend.lead', { name, count }) : t('favoritesSend.leadOffice', { count })}</p>
        <form className="send-favorites__form" method="post" noValidate aria-labelledby={`${ID}-title`} onSubmit={form.onSubmit}>
          <Field
            id={idOf('message')}
            name="message"
            label={t('favoritesSend.message.label')}
            placeholder={t('favoritesSend.message.placeholder')}
            value={form.values.message ?? ''}
            onChange={(v) => form.set('message', v)}
            error={form.error('message')}
            autoComplete="off"
            multiline
            wide
          />
          <div className="lead-form__actions send-favorites__actions">
            <SubmitButton label={t('favoritesSend.submit')} state={form.status.state} result={form.status.result} ready={form.ready} />
            <button type="button" className="button button--outline send-favorites__close" onClick={close}>
              {t('favoritesSend.close')}
            </button>
            <FormStatusMessage status={form.status} />
          </div>
        </form>
      </section>
    </div>
  );
}
