// client-forgot-password: the page arrives with its issue; until then it says where to turn.
import { PendingPage } from '../components/PendingPage.tsx';

export default function ClientForgotPasswordPage() {
  return <PendingPage titleKey="pending.client-forgot-password" />;
}
