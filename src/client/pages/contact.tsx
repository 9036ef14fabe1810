import { PendingPage } from '../components/PendingPage.tsx';

export default function ContactPage() {
  return <PendingPage titleKey="pending.contact" />;
}
