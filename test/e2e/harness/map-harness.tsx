// A test-only page for the maps (test/e2e/map.test.ts): ResultsMap or PlaceMap
// inside the providers the app gives them (SWR, consent with its bar and
// dialog, the section, the router), with the page's part played by plain
// state. What the map hands back (onSelect, onSearchArea) is recorded on
// window.__mapTest for the test to read. The embedded state (the server's
// configuration) comes from a JSON script element, as CSP allows.
import { useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { STATE_GLOBAL } from '../../../src/shared/ssr.ts';
import { getJson } from '../../../src/client/lib/api.ts';
import { ConsentProvider } from '../../../src/client/lib/consent.tsx';
import { SectionProvider } from '../../../src/client/lib/section.tsx';
import { CookieConsent } from '../../../src/client/components/consent/CookieConsent.tsx';
import { PlaceMap, ResultsMap } from '../../../src/client/components/map/index.ts';

interface Recorded {
  selected: number[];
  areas: string[];
  fullscreen: boolean[];
}

const recorded: Recorded = { selected: [], areas: [], fullscreen: [] };
(window as unknown as { __mapTest: Recorded }).__mapTest = recorded;
(window as unknown as Record<string, unknown>)[STATE_GLOBAL] = JSON.parse(document.getElementById('state')!.textContent!);

function Results({ initialQuery }: { initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [fullscreen, setFullscreen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const onFullscreenChange = useCallback((on: boolean) => {
    recorded.fullscreen.push(on);
    setFullscreen(on);
  }, []);
  return (
    <div className={fullscreen ? 'harness-map is-fullscreen' : 'harness-map'}>
      <ResultsMap
        className="harness-map__map"
        query={query}
        selectedId={selectedId}
        onSelect={(id) => {
          recorded.selected.push(id);
          setSelectedId(id);
        }}
        fullscreen={fullscreen}
        onFullscreenChange={onFullscreenChange}
        onSearchArea={(bbox) => {
          recorded.areas.push(bbox);
          setQuery(`${initialQuery}&bbox=${bbox}`);
        }}
      />
    </div>
  );
}

const params = new URLSearchParams(window.location.search);
const place = params.get('place');
createRoot(document.getElementById('root')!).render(
  <Router>
    <SWRConfig value={{ fetcher: getJson, revalidateOnFocus: false }}>
      <ConsentProvider>
        <SectionProvider value={{ section: 'main', partnerSlug: null, hostPartner: null }}>
          <main>
            {place ? (
              <PlaceMap lat={Number(params.get('lat'))} lng={Number(params.get('lng'))} label={place} />
            ) : (
              <Results initialQuery={params.get('q') ?? 'account_id=1'} />
            )}
          </main>
          <CookieConsent />
        </SectionProvider>
      </ConsentProvider>
    </SWRConfig>
  </Router>,
);
