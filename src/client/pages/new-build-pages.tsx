// new-build-pages: the page arrives with its issue; until then it says where to turn.
import { PendingPage } from '../components/PendingPage.tsx';

export default function NewBuildPagesPage() {
  return <PendingPage titleKey="pending.new-build-pages" />;
}
