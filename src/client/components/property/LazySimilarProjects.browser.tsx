// LazySimilarProjects.tsx in the browser: the server's cards kept. Their hearts and compare toggles
// show what this browser keeps, so their code loads at once when it keeps favorites, else on the
// visitor's first move, touch, scroll or key (the section is far below the first screen; every card's
// compare toggle appears then too), or on a first use inside it (a press made meanwhile is replayed).
import { island } from '../../lib/island.tsx';
import { readLocalFavorites } from '../../lib/favorites.ts';
import { nowOrOnFirstInteraction } from '../../lib/on-demand.ts';

export const SimilarProjects = island(() => import('./SimilarProjects.tsx').then((m) => m.SimilarProjects), {
  when: nowOrOnFirstInteraction(() => readLocalFavorites().length > 0),
});
