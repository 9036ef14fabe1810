// search: the page arrives with its issue; until then it says where to turn.
import { PendingPage } from '../components/PendingPage.tsx';

export default function SearchPage() {
  return <PendingPage titleKey="pending.search" />;
}
