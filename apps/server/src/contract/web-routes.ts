import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Serves the built React app. Hashed assets are cached for a year; every page route gets index.html with the
 * partner identifier resolved from the host, so the browser can preload that partner's configuration.
 */
export async function registerWebRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web build not found: run npm run build (npm start does it for you)');
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes(`${join(distDir, 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
      );
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/files/') &&
      !request.url.startsWith('/assets/');
    if (!isPage) {
      return reply.code(404).send({ retorno: false, dados: null, mensagem: 'Recurso não encontrado.' });
    }
    const html = template.replaceAll('%PORTAL_PARTNER%', escapeAttribute(request.partnerIdentifier));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
