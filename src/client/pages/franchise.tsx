import { PendingPage } from '../components/PendingPage.tsx';

export default function FranchisePage() {
  return <PendingPage titleKey="pending.franchise" />;
}
