// `npm run bench`: first the size of what each page loads (bench/sizes.ts),
// then what a page costs the origin (bench/origin.ts: the production server
// beside a bare static-file server serving the same bytes, per CPU-second),
// then a burst of password requests, then the catalogue's figures (search,
// import). Prints figures; never passes or fails.
// BENCH_ONLY=sizes|origin|passwords|pull|catalogue|markers|boot|alerts|pictures|client (or a comma list) runs only those parts.
import { runSearchBench } from './search.ts';
import { runFacetsBench } from './facets.ts';
import { runSearchPageBench } from './search-page.ts';
import { runImportBench } from './import.ts';
import { runLoginBurstBench, runPasswordBurstBench } from './password-burst.ts';
import { runOriginBench } from './origin.ts';
import { runPullPagesBench } from './pull-pages.ts';
import { runMarkersBench } from './markers.ts';
import { runBootBench } from './boot.ts';
import { runAlertsBench } from './alerts.ts';
import { runClientBench } from './client.ts';
import { runSizes } from './sizes.ts';
import { runPicturesBench } from './pictures.ts';
import { runPhotoPagesBench } from './photo-pages.ts';
import { runPhotoImportBench } from './photo-import.ts';

const PARTS = ['sizes', 'origin', 'passwords', 'pull', 'catalogue', 'markers', 'boot', 'alerts', 'pictures', 'client'] as const;
type Part = (typeof PARTS)[number];

/** BENCH_ONLY: a comma list of parts (e.g. `sizes` or `origin,catalogue`); all of them when unset. */
function partsToRun(only = process.env.BENCH_ONLY ?? ''): Set<Part> {
  const asked = only
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (one or more of ${PARTS.join(', ')})`);
  return new Set(asked.length ? (asked as Part[]) : PARTS);
}

// The page sizes first (a second), then the origin's figures, then the catalogue's: search in-process, and import.
async function all(): Promise<void> {
  const parts = partsToRun();
  if (parts.has('sizes')) {
    console.log('## What each page loads\n');
    await runSizes();
  }
  if (parts.has('origin')) {
    console.log('\n## What a page costs the origin\n');
    await runOriginBench();
  }
  if (parts.has('passwords')) {
    console.log('\n## Pages during a burst of password requests\n');
    await runPasswordBurstBench();
    console.log('\n## Logins during a burst from many addresses\n');
    await runLoginBurstBench();
  }
  if (parts.has('pull')) {
    console.log('\n## Property pages during a pull of a large feed\n');
    await runPullPagesBench();
  }
  if (parts.has('catalogue')) {
    console.log('\n## Catalogue search\n');
    await runSearchBench();
    console.log('\n## Facet counts (/api/facets)\n');
    await runFacetsBench();
    console.log('\n## Search pages as the catalogue grows\n');
    await runSearchPageBench();
    console.log('\n## Catalogue import\n');
    await runImportBench();
  }
  if (parts.has('markers')) {
    console.log('\n## Map markers (/api/map-markers) and sitemaps\n');
    await runMarkersBench();
  }
  if (parts.has('boot')) {
    console.log('\n## Start-up and idle memory\n');
    await runBootBench();
  }
  if (parts.has('alerts')) await runAlertsBench();
  if (parts.has('pictures')) {
    console.log('\n## Feed photos prepared for the pages\n');
    await runPicturesBench();
    console.log('\n### A feed imported from a picture server, every photo prepared\n');
    await runPhotoImportBench();
    console.log('\n### What the pages download of them\n');
    await runPhotoPagesBench();
  }
  if (parts.has('client')) {
    console.log('\n## Before interaction (Chromium, Lighthouse)\n');
    await runClientBench();
  }
}

all().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
