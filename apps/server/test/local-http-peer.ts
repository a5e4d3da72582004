import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback HTTP server that records requests and answers with `respond` (a stand-in for a provider's API). */
export async function startHttpPeer(
  respond: (
    request: ReceivedRequest,
  ) => { status: number; json: unknown } | Promise<{ status: number; json: unknown }>,
) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      // An answer may be a promise, to play a slow service.
      void Promise.resolve(respond(request)).then(({ status, json }) => {
        if (!res.destroyed)
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
