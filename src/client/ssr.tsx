// The server's entry into the client code (built to dist/server/ssr.js): renders
// the document for an initial state as a pipeable stream (see shared/ssr.ts).
import { renderToPipeableStream } from 'react-dom/server';
import { preloadModule } from 'react-dom';
import type { RenderOptions, PipeableRender } from '../shared/ssr.ts';
import { App } from './App.tsx';
import { viewFromState } from './view.ts';

/** Asks React to emit <link rel="modulepreload"> for the page's chunks, so they load in parallel. */
function PreloadModules({ hrefs, nonce }: { hrefs: string[]; nonce: string }) {
  for (const href of hrefs) preloadModule(href, { as: 'script', nonce });
  return null;
}

export async function render(options: RenderOptions): Promise<PipeableRender> {
  const { state, nonce, assets } = options;
  const view = await viewFromState(state);
  const [path, search = ''] = state.routePath.split('?');
  return renderToPipeableStream(
    <>
      <PreloadModules hrefs={assets.preload} nonce={nonce.script} />
      <App state={state} view={view} nonce={nonce.style} ssrPath={path ?? '/'} ssrSearch={search} />
    </>,
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
