// The server's entry into the client code (built to dist/server/ssr.js): renders
// the document for an initial state as a pipeable stream (see shared/ssr.ts).
import { renderToPipeableStream } from 'react-dom/server';
import type { RenderOptions, PipeableRender } from '../shared/ssr.ts';
import { App } from './App.tsx';
import { viewFromState } from './view.ts';

export async function render(options: RenderOptions): Promise<PipeableRender> {
  const { state, nonce, assets } = options;
  const view = await viewFromState(state);
  const [path, search = ''] = state.routePath.split('?');
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
