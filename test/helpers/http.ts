// Plain HTTP/1.1 requests to a loopback port with any headers, Host included
// (fetch may not set Host): for tests of what a proxy or cache in front does.
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpAsk {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

export function httpRequest(port: number, ask: HttpAsk): Promise<HttpAnswer> {
  const body = ask.json === undefined ? undefined : JSON.stringify(ask.json);
  const headers: Record<string, string> = { host: 'localhost', ...ask.headers };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: ask.method ?? 'GET', path: ask.path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
