import { PendingPage } from '../components/PendingPage.tsx';

export default function LivingPage() {
  return <PendingPage titleKey="pending.living" />;
}
