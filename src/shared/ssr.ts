// The contract between the server and the client's server-side entry
// (src/client/ssr.tsx, built to dist/server/ssr.js). The server loads the built
// module at start, so server code never imports client code.
import type { InitialState } from './state.ts';
import type { Language } from './languages.ts';

export interface PageAssets {
  /** The client entry module, loaded with <script type="module">. */
  entry: string;
  /** Modules to preload: the page's chunk and what it imports. */
  preload: string[];
  stylesheets: string[];
}

export interface RenderCallbacks {
  onShellReady(): void;
  onShellError(error: unknown): void;
  onAllReady(): void;
  onError(error: unknown): void;
}

export interface RenderOptions extends RenderCallbacks {
  state: InitialState;
  nonce: { script: string; style: string };
  assets: PageAssets;
  /** The serialised state, already escaped for a script context. */
  stateScript: string;
}

export interface PipeableRender {
  pipe<W extends NodeJS.WritableStream>(destination: W): W;
  abort(reason?: unknown): void;
}

export interface SsrEntry {
  /** Resolves once the page's code is loaded; then the stream starts. */
  render(options: RenderOptions): Promise<PipeableRender>;
  /** A language's strings (its whole locale file), handed over by the server at start. */
  addMessages?(tree: unknown, language: Language): void;
}

export const STATE_GLOBAL = '__STATE__';
