// client-reset-password: the page arrives with its issue; until then it says where to turn.
import { PendingPage } from '../components/PendingPage.tsx';

export default function ClientResetPasswordPage() {
  return <PendingPage titleKey="pending.client-reset-password" />;
}
