// The browser's ListingJsonLd (build.mjs puts it in place of ListingJsonLd.tsx):
// the data block is for search engines, which read the server's HTML, so the
// browser does not compute it again: the structured data's code, with the
// countries' table, stays out of the property page's first load.
// Hydrating a data block keeps the server's text: React compares no
// dangerouslySetInnerHTML in production, and an unchanged prop is never
// written again. After a navigation in the browser the block is empty.
import type { ListingInput } from '../../../shared/structured-data.ts';

export function ListingJsonLd(_input: ListingInput) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
