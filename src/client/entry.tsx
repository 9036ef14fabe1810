// The browser entry: read the state the server embedded, load the page's code,
// then hydrate the whole document.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { InitialState } from '../shared/state.ts';
import { STATE_GLOBAL } from '../shared/ssr.ts';
import { App } from './App.tsx';
import { viewFromState } from './view.ts';
import { provideRoots } from './lib/roots.ts';
// Leaflet's rules first, so that the site's own keep the last word over them.
import 'leaflet/dist/leaflet.css';
import './styles/main.css';

declare global {
  interface Window {
    [STATE_GLOBAL]: InitialState;
  }
}

async function start() {
  provideRoots({ createRoot, hydrateRoot });
  const state = window[STATE_GLOBAL];
  const view = await viewFromState(state);
  const nonce = document.getElementById('brand-colors')?.nonce ?? '';
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page; a click before it ends still hydrates at once (React's rule for
  // discrete events), so nothing a visitor does is lost.
  startTransition(() => {
    hydrateRoot(document, <App state={state} view={view} nonce={nonce} />);
  });
}

start().catch((error: unknown) => {
  console.error(error);
});
