// A phone number and an e-mail address as links, a paragraph each (the mobile menu, the footer).
import { telHref } from '../../shared/phone.ts';

export function ContactLines({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <>
      {phone && (
        <p>
          <a href={telHref(phone)}>{phone}</a>
        </p>
      )}
      {email && (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
    </>
  );
}
