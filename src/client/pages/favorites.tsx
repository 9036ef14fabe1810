// favorites: the page arrives with its issue; until then it says where to turn.
import { PendingPage } from '../components/PendingPage.tsx';

export default function FavoritesPage() {
  return <PendingPage titleKey="pending.favorites" />;
}
