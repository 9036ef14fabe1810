// A lead's mail goes to the office (or the partner) in the office's language
// (issue 24): sent from a German page, it is the same English mail as from an
// English one, even were the server's t() following the German page as the
// outbox composes it; a partner's, in its own language. Both stores.
import t from 'tap';
import { setLanguageSource } from '../../../src/shared/i18n.ts';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { MemoryTransport, contactBody } from './helpers.ts';
import nl from '../../../locales/nl.json' with { type: 'json' };

forEachStore(
  t,
  'a lead sent from a German page is mailed to the office in English',
  async (t, store) => {
    const transport = new MemoryTransport();
    const app = await testApp(t, { store, mailTransport: transport });
    // The outbox writes in OFFICE_LANGUAGE itself, not in whatever the thread's t() would say.
    setLanguageSource(() => 'de');
    t.teardown(() => setLanguageSource(() => undefined));
    const res = await app.inject({ method: 'POST', url: '/de/api/leads', payload: contactBody({ page: '/de/contact' }) });
    t.equal(res.statusCode, 201, res.body);
    await transport.waitFor(1);
    const mail = transport.sent[0]!.message;
    t.equal(mail.subject, 'Contact request — Spain New Homes');
    t.match(String(mail.text), /^A visitor sent this request on Spain New Homes\. Reply to this mail to answer the visitor\./);
    t.match(String(mail.text), 'Page: http://localhost:3000/de/contact', 'the page the visitor was on, in its language');
    t.match(String(mail.text), 'Subject: A villa in Torrevieja');
    t.match(String(mail.html), '<html lang="en">');
  },
  { seed: true },
);

forEachStore(
  t,
  "a partner's lead is mailed in the partner's own language (its root language), whatever the page's",
  async (t, store) => {
    const transport = new MemoryTransport();
    const app = await testApp(t, { store, mailTransport: transport });
    await app.services.partners.update('costa-casas', { languages: 'nl,en', root: 'nl' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: contactBody({ page: '/en/costa-casas/contact', partner: 'costa-casas' }),
    });
    t.equal(res.statusCode, 201, res.body);
    await transport.waitFor(1);
    const mail = transport.sent[0]!.message;
    t.equal(mail.subject, `${nl.leadMail.subject.contact.replace('{site}', 'Costa Casas Inmobiliaria')}`);
    t.match(String(mail.html), '<html lang="nl">');
  },
  { seed: true },
);
