// Structured data for search engines: a <script type="application/ld+json">
// whose text is escaped for its place in the HTML (shared/structured-data.ts).
// A data block, not a script: the CSP does not apply and nothing runs.
import { jsonForScript } from '../../../shared/structured-data.ts';

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
