// The property page's structured data (shared/structured-data.ts) as a JSON-LD
// data block. This is the server's (and tests') module; the browser bundle
// gets ListingJsonLd.browser.tsx instead (build.mjs), which keeps the
// server's text rather than computing it again.
import { listingStructuredData, type ListingInput } from '../../../shared/structured-data.ts';
import { JsonLd } from './JsonLd.tsx';

export function ListingJsonLd(input: ListingInput) {
  return <JsonLd data={listingStructuredData(input)} />;
}
