// The page of a favorites mail's unsubscribe link (issue 13),
// {section}/favorite-alerts/unsubscribe/{token}: while the alerts are on, a
// button that switches them off (a form posting List-Unsubscribe=One-Click to
// the same address: render/favorite-alert-posts.ts, no JavaScript needed);
// once off, says so. Opening the page changes nothing, so a mail scanner that
// follows the link switches nothing off. Either way a link to the profile,
// where the switch is.
import type { PageProps } from './index.ts';
import { t } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { useRouteData } from '../lib/useRouteData.ts';
import { useHref, useSection } from '../lib/section.tsx';
import { accountHref } from '../lib/account-links.ts';
import { OneClickForm } from '../components/saved-search/OneClickForm.tsx';
import { useAddress } from '../components/Link.tsx';

export default function FavoriteAlertsPage({ match }: PageProps) {
  const answer = useRouteData(match, '/api/favorite-alerts/unsubscribe');
  const action = useAddress(useHref(`/favorite-alerts/unsubscribe/${match.params.token ?? ''}`));
  const profile = useAddress(accountHref(useSection(), '/profile'));
  if (!answer) return null;
  const off = !answer.data.on;
  return (
    <>
      <Meta title={t('favoriteAlerts.unsubscribe.metaTitle')} description={t('favoriteAlerts.unsubscribe.lead')} noindex />
      <PageHeader
        title={off ? t('favoriteAlerts.unsubscribe.doneTitle') : t('favoriteAlerts.unsubscribe.title')}
        lead={off ? t('favoriteAlerts.unsubscribe.done') : t('favoriteAlerts.unsubscribe.lead')}
      />
      <div className="container page saved-search">
        {off ? null : <OneClickForm action={action} label={t('favoriteAlerts.unsubscribe.submit')} />}
        <p>
          <a href={profile}>{t('favoriteAlerts.unsubscribe.profile')}</a>
        </p>
      </div>
    </>
  );
}
