// Tests import client components straight from source, where an asset
// import such as `import sprite from '../assets/icons.svg'` has no loader: the
// build's file loader turns it into the file's hashed address. Here it becomes
// the unhashed address, `/assets/icons.svg`, so components that use an asset
// (the icon sprite) render in unit tests. Loaded by .taprc's node-arg.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSET = /\.(svg|jpg|webp|png|woff2)$/;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !ASSET.test(url)) return nextLoad(url, context);
    const href = `/assets/${path.basename(fileURLToPath(url))}`;
    return { format: 'module', source: `export default ${JSON.stringify(href)};`, shortCircuit: true };
  },
});
