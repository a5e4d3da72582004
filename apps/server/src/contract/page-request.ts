import type { FastifyRequest } from 'fastify';

/**
 * A request for one of the app's pages, not for the API, a stored file or a build asset: a GET (or a HEAD, which
 * answers as GET without the body, RFC 9110 §9.3.2) whose path is none of theirs. Any such path the app does not
 * know is its landing page (spec 002 §2 "any unknown path").
 */
export function isPageRequest(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    !request.url.startsWith('/files/') &&
    !request.url.startsWith('/assets/')
  );
}
