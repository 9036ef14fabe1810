// The server's entry into the client code (built to dist/server/ssr.js): renders
// the document for an initial state as a pipeable stream (see shared/ssr.ts).
// Each render runs in its request's language: t() reads it from the render's
// async context (React's work for a stream continues in callbacks made within it).
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToPipeableStream } from 'react-dom/server';
import type { RenderOptions, PipeableRender } from '../shared/ssr.ts';
import { setLanguageSource, addMessages as addLanguageMessages } from '../shared/i18n.ts';
import type { Language } from '../shared/languages.ts';
import { App } from './App.tsx';
import { viewFromState } from './view.ts';

const renderLanguage = new AsyncLocalStorage<Language>();
setLanguageSource(() => renderLanguage.getStore());

export function addMessages(tree: unknown, language: Language): void {
  addLanguageMessages(tree, language);
}

export function render(options: RenderOptions): Promise<PipeableRender> {
  return renderLanguage.run(options.state.language, () => renderIn(options));
}

async function renderIn(options: RenderOptions): Promise<PipeableRender> {
  const { state, nonce, assets } = options;
  const view = await viewFromState(state);
  // At the first '?' only: a query's value may hold another ('?from=/search?sort=…').
  const cut = state.routePath.indexOf('?');
  const [path, search] = cut < 0 ? [state.routePath, ''] : [state.routePath.slice(0, cut), state.routePath.slice(cut + 1)];
  return renderToPipeableStream(
    <App state={state} view={view} nonce={nonce.style} preload={assets.preload} ssrPath={path ?? '/'} ssrSearch={search} />,
    {
      nonce: nonce.script,
      bootstrapScriptContent: options.stateScript,
      bootstrapModules: [assets.entry],
      onShellReady: options.onShellReady,
      onShellError: options.onShellError,
      onAllReady: options.onAllReady,
      onError: options.onError,
    },
  );
}
