// The forms' side of the shared structs: the browser's messages per field (the
// same the API answers with), what a form sends, and the server-rendered markup
// of the three forms: labels tied to inputs, autocomplete, required marks, and a
// submit button a browser without JavaScript can use.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { BrokerFields, ContactFields, PropertyFields, cleanFields, fieldErrors } from '../../../src/shared/leads.ts';
import { t as msg } from '../../../src/shared/i18n.ts';
import { BrokerForm, ContactForm, PropertyContactForm } from '../../../src/client/components/LeadForm.tsx';
import { SectionProvider } from '../../../src/client/lib/section.tsx';

const empty = (names: string[]) => Object.fromEntries(names.map((n) => [n, '']));

t.test('fieldErrors gives each wrong field its message from en.json', async (t) => {
  t.same(
    fieldErrors(ContactFields, empty(['name', 'phone', 'email', 'subject', 'message'])),
    {
      name: msg('forms.errors.required'),
      email: msg('forms.errors.required'),
      subject: msg('forms.errors.required'),
      message: msg('forms.errors.required'),
    },
    'an empty contact form: the required fields, not the optional phone',
  );
  t.same(fieldErrors(ContactFields, { name: 'Ana', phone: 'call me', email: 'ana@', subject: 'x'.repeat(151), message: 'Hi' }), {
    phone: msg('forms.errors.phone'),
    email: msg('forms.errors.email'),
    subject: msg('forms.errors.tooLong', { max: 150 }),
  });
  t.same(
    fieldErrors(BrokerFields, {
      first_name: 'Jan\r\nBcc: x@y.z',
      last_name: 'V',
      email: 'jan@example.nl',
      phone: '+31 6 1234 5678',
      postal_code: '#1',
      city: '',
    }),
    {
      first_name: msg('forms.errors.singleLine'),
      postal_code: msg('forms.errors.postalCode'),
    },
  );
  t.same(
    fieldErrors(PropertyFields, { name: 'Lena', email: 'lena@example.se', phone: '', message: '' }),
    {},
    'phone and message are optional',
  );
  t.equal(msg('forms.errors.tooLong', { max: 150 }), 'Please use at most 150 characters.');
});

t.test('cleanFields trims, keeps line breaks of a message, and leaves out empty optional fields', async (t) => {
  t.same(
    cleanFields(ContactFields, {
      name: '  Ana  ',
      phone: '   ',
      email: 'ana@example.com ',
      subject: 'Hi',
      message: ' Line 1\r\nLine 2\r\n',
    }),
    {
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'Hi',
      message: 'Line 1\nLine 2',
    },
  );
  t.throws(
    () => cleanFields(ContactFields, { name: '', phone: '', email: '', subject: '', message: '' }),
    'refuses what fieldErrors refuses',
  );
});

const inSection = (node: React.ReactNode, partnerSlug: string | null = null) =>
  renderToString(
    <SectionProvider value={{ section: partnerSlug ? 'partner' : 'main', partnerSlug, hostPartner: null }}>{node}</SectionProvider>,
  );

/** [label text, input's autocomplete, input's type or 'textarea', required] for each field. */
function fieldsOf(html: string): Array<[string, string, string, boolean]> {
  const out: Array<[string, string, string, boolean]> = [];
  for (const m of html.matchAll(/<label class="field__label" for="([^"]+)">(.*?)<\/label>/g)) {
    const id = m[1]!;
    const label = m[2]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
    const control =
      new RegExp(`<(input|textarea)([^>]*) id="${id}"([^>]*)>`).exec(html) ??
      new RegExp(`<(input|textarea)([^>]*id="${id}"[^>]*)>`).exec(html);
    if (!control) throw new Error(`no control for ${id}`);
    const attrs = control[0];
    out.push([
      label,
      /autoComplete="([^"]+)"|autocomplete="([^"]+)"/i.exec(attrs)?.slice(1).find(Boolean) ?? '',
      control[1] === 'textarea' ? 'textarea' : (/type="([^"]+)"/.exec(attrs)?.[1] ?? ''),
      /required=""/.test(attrs),
    ]);
  }
  return out;
}

t.test('the forms render labelled fields with autocomplete, and a button enabled before hydration', async (t) => {
  const contact = inSection(<ContactForm labelledBy="x" />);
  t.same(fieldsOf(contact), [
    ['Name *', 'name', 'text', true],
    ['Phone (optional)', 'tel', 'tel', false],
    ['Email *', 'email', 'email', true],
    ['Subject *', 'off', 'text', true],
    ['Message *', 'off', 'textarea', true],
  ]);
  const form = /<form [^>]*>/.exec(contact)?.[0] ?? '';
  t.match(form, /method="post"/, 'posted, never a GET with the values in the URL');
  t.match(form, /novalidate=""/i, 'checked by the page, with its own messages');
  t.match(form, /aria-labelledby="x"/, 'named by its heading');
  t.match(contact, /<button type="submit"[^>]*data-state="idle"/);
  t.notMatch(contact, /disabled/, 'enabled: without JavaScript the browser sends it to the page (issue 10)');
  t.match(form, /action="#lead-contact"/, "posted to the page's own address, coming back to the form");
  t.match(
    contact,
    /<div class="form-status form-status--none" role="status" aria-live="polite"><\/div>/,
    'an empty live region, ready to announce',
  );
  t.notMatch(contact, /style=/, 'no inline style (the CSP refuses them)');

  t.same(fieldsOf(inSection(<BrokerForm labelledBy="y" />, 'costa-casas')), [
    ['First name *', 'given-name', 'text', true],
    ['Last name *', 'family-name', 'text', true],
    ['Email *', 'email', 'email', true],
    ['Phone *', 'tel', 'tel', true],
    ['Postal code (optional)', 'postal-code', 'text', false],
    ['City (optional)', 'address-level2', 'text', false],
  ]);

  const property = inSection(<PropertyContactForm projectId={42} />);
  t.match(
    property,
    /<section class="lead-form-block" aria-labelledby="lead-property-42-title"><h2 class="lead-form-block__title" id="lead-property-42-title">Ask about this project<\/h2>/,
  );
  t.same(fieldsOf(property), [
    ['Name *', 'name', 'text', true],
    ['Email *', 'email', 'email', true],
    ['Phone (optional)', 'tel', 'tel', false],
    ['Message (optional)', 'off', 'textarea', false],
  ]);
  t.match(property, /id="lead-property-42-email"/, 'ids unique per project, so two forms on a page do not clash');
  t.match(inSection(<PropertyContactForm projectId={7} headingLevel={3} />), /<h3 class="lead-form-block__title"/);
});
