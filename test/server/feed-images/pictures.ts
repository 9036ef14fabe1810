// Picture servers for the feed-picture tests: an HTTP server on 127.0.0.1 and a
// free port, which counts the requests and connections it gets and stops when
// the test ends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '../../../src/server/store/db.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';

export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(100, 0),
]);
export const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(100, 0)]);

export interface PictureServer {
  origin: string;
  port: number;
  hits: Record<string, number>;
  connections: number;
}

export async function pictureServer(
  t: { teardown(fn: () => unknown): void },
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<PictureServer> {
  const server = http.createServer((req, res) => {
    state.hits[req.url!] = (state.hits[req.url!] ?? 0) + 1;
    handler(req, res);
  });
  server.on('connection', () => void (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const port = (server.address() as AddressInfo).port;
  const state: PictureServer = { origin: `http://127.0.0.1:${port}`, port, hits: {}, connections: 0 };
  return state;
}

/** Makes the first listed project show `urls` (in order, and `floorplans`) and nothing else show any picture; its id. */
export async function showOnly(store: Store, urls: string[], floorplans: string[] = []): Promise<number> {
  await buildCatalogue(store.db, { projects: 2, seed: 5, withdrawnShare: 0 });
  const project = await store.db
    .selectFrom('projects')
    .select('id')
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await store.db.deleteFrom('images').execute();
  const rows = [
    ...urls.map((url, position) => ({ url, position, floorplan: 0 })),
    ...floorplans.map((url, i) => ({ url, position: urls.length + i, floorplan: 1 })),
  ];
  await store.db
    .insertInto('images')
    .values(rows.map((r) => ({ ...r, project_id: project.id, unit_id: null, caption: null })))
    .execute();
  return project.id;
}
