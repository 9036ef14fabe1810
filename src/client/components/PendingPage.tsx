// A page whose feature is not open yet: its title and the ways to reach an
// adviser meanwhile, so a visitor is never left at a dead end.
import { t, type MessageKey } from '../../shared/i18n.ts';
import { Meta } from './Meta.tsx';
import { Link } from './Link.tsx';
import { useHref } from '../lib/section.tsx';

export function PendingPage({ titleKey }: { titleKey: MessageKey }) {
  const home = useHref('/');
  const title = t(titleKey);
  return (
    <section className="container page pending-page">
      <Meta title={title} />
      <h1>{title}</h1>
      <p>{t('pending.body')}</p>
      <p>
        <a href={`tel:${t('office.phone').replace(/\s+/g, '')}`}>{t('office.phone')}</a> · <a href={`mailto:${t('office.email')}`}>{t('office.email')}</a>
      </p>
      <Link className="button button--primary" href={home}>
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
