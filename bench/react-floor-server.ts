// React's floor (bench/origin.ts): what the site's pages would cost if React's
// render of them were all the site did. A bare Fastify, in its own process, that
// renders each page saved from the site (`<name>.html` in the folder) on every
// request from a tree of plain elements built once at start (bench/html-tree.ts):
// renderToPipeableStream into the site's PageBody and one Buffer out, compressed
// as the site compresses a page (src/server/http/html-compression.ts) for a
// client that accepts it. No components, no reads, no state, none of the site's
// hooks: no server rendering these pages with React can cost less.
// `NODE_ENV=production node bench/react-floor-server.ts <folder> <port>`.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import React from 'react';
import ReactDOMServer from 'react-dom/server';
import { htmlToTree } from './html-tree.ts';
import { compressHtml, htmlEncoding } from '../src/server/http/html-compression.ts';
import { PageBody } from '../src/server/render/page-body.ts';

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error('usage: node bench/react-floor-server.ts <folder> <port>');

function render(tree: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // What the site's renderer writes a page into (render/page-body.ts): the whole page, written during pipe().
    const body = new PageBody();
    const stream = ReactDOMServer.renderToPipeableStream(tree, {
      onShellReady() {
        stream.pipe(body.asDestination());
        resolve(body.written());
      },
      onShellError: reject,
    });
  });
}

const trees = new Map(
  fs
    .readdirSync(root)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [`/${file}`, htmlToTree(fs.readFileSync(path.join(root, file), 'utf8'))]),
);

const app = Fastify({ logger: false });
app.get('/readyz', async () => 'ok');
app.get('/*', async (request, reply) => {
  const tree = trees.get(request.url);
  if (!tree) return reply.code(404).send();
  const html = await render(tree);
  const encoding = htmlEncoding(request.headers['accept-encoding'], true);
  reply.type('text/html; charset=utf-8');
  if (!encoding) return html;
  reply.header('content-encoding', encoding);
  return compressHtml(html, encoding);
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
