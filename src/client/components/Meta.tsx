// A page's title and description; React hoists them into the document head.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';

export function Meta({ title, description }: { title?: string; description?: string }) {
  const partnerName = useStore((s) => s.partner?.name);
  const site = partnerName ?? t('site.name');
  return (
    <>
      <title>{title ? `${title} | ${site}` : `${site} | ${t('site.tagline')}`}</title>
      <meta name="description" content={description ?? t('site.description')} />
    </>
  );
}
