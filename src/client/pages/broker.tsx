import { PendingPage } from '../components/PendingPage.tsx';

export default function BrokerPage() {
  return <PendingPage titleKey="pending.broker" />;
}
