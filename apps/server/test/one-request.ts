import type http from 'node:http';
import type https from 'node:https';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own (agent: false: consecutive requests reach every process behind a shared
 * port or a proxy), over HTTP or HTTPS as `transport` says; a JSON `body` is sent with its content type.
 */
export function requestOnce(
  transport: Pick<typeof https, 'request'>,
  options: https.RequestOptions,
  body?: object,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = transport.request(
      {
        ...options,
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    if (body) request.write(JSON.stringify(body));
    request.end();
  });
}
