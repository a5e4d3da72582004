import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { FastifyInstance } from 'fastify';

// How the API Pix client reaches a PSP: HTTPS with the client certificate PSPs require (mutual TLS), or, for the
// local PSP the server hosts itself (decision 020), the same requests handed to that PSP in-process.

export interface PixHttpRequest {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PixHttpResponse {
  status: number;
  body: string;
}

export type PixHttp = (request: PixHttpRequest) => Promise<PixHttpResponse>;

export interface MutualTlsFiles {
  certPath: string;
  keyPath: string;
  /** The PSP's CA when it is not one the system trusts (sandboxes, the local PSP's tests). */
  caPath?: string;
}

/** Milliseconds a PSP call may take: a charge not issued now is issued on the next listing. */
const TIMEOUT_MS = 10_000;

/** HTTPS with a client certificate, one kept-alive connection pool per configured PSP. */
export function mutualTlsHttp(files: MutualTlsFiles, timeoutMs = TIMEOUT_MS): PixHttp {
  const agent = new Agent({
    cert: readFileSync(files.certPath),
    key: readFileSync(files.keyPath),
    ca: files.caPath ? readFileSync(files.caPath) : undefined,
    keepAlive: true,
  });
  return (req) =>
    new Promise((resolve, reject) => {
      const call = request(
        req.url,
        { method: req.method, headers: req.headers, agent, timeout: timeoutMs },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      call.on('timeout', () => call.destroy(new Error(`PSP did not answer within ${timeoutMs} ms`)));
      call.on('error', reject);
      call.end(req.body);
    });
}

/** The requests handed to a Fastify instance without a socket (the in-process local PSP; its URL's path is used). */
export function inProcessHttp(server: FastifyInstance): PixHttp {
  return async (req) => {
    const url = new URL(req.url);
    const response = await server.inject({
      method: req.method,
      url: url.pathname + url.search,
      headers: { ...req.headers, host: url.host },
      payload: req.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}
