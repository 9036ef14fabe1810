import { PendingPage } from '../components/PendingPage.tsx';

export default function PartnerHomePage() {
  return <PendingPage titleKey="pending.partner-home" />;
}
