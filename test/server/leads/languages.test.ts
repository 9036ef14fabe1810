// A lead's mail goes to the office (or the partner) in the office's language
// (issue 24): sent from a German page, it is the same English mail as from an
// English one, even were the server's t() following the German page as the
// outbox composes it. Both stores.
import t from 'tap';
import { setLanguageSource } from '../../../src/shared/i18n.ts';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { MemoryTransport, contactBody } from './helpers.ts';

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
