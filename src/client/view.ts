// The view the server rendered, rebuilt from the initial state: on the server
// before streaming and in the browser before hydrating, so both render the same.
import type { InitialState } from '../shared/state.ts';
import { hostCandidates, matchCandidates } from '../shared/match.ts';
import { languagePrefix } from '../shared/languages.ts';
import { withoutPrefix } from '../shared/seo.ts';
import { loadPage } from './pages/index.ts';
import type { View } from './App.tsx';
import { errorScreen } from './components/ErrorView.tsx';
import { clientMenu } from './lib/client-menu.ts';

export async function viewFromState(state: InitialState): Promise<View> {
  // The pages' own path: the router's base is the language's prefix.
  const path = withoutPrefix(state.routePath.split('?')[0] ?? '/', languagePrefix(state.language, state.rootLanguage));
  const candidates = state.hostPartner ? hostCandidates(path, state.hostPartner) : matchCandidates(path);
  const match = state.route ? (candidates.find((m) => m.route.name === state.route) ?? null) : null;
  const [mod] = await Promise.all([
    match && !state.error ? loadPage(match.route.page) : null,
    // A logged-in client's header shows their menu.
    state.client ? clientMenu.load() : null,
  ]);
  await mod?.prepare?.(state.routePath, state.data);
  const Page = mod?.default ?? null;
  // Without a page, App shows the error screen: its code too, so the first render has it.
  if (!Page) await errorScreen.load();
  return { path, match, Page, error: state.error, layout: state.layout };
}
