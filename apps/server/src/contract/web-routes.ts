import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { findSection, sectionFile } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { findPartnerByIdentifier, loadPartnerConfig } from '../repositories/partner-repository';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** index.html as built; re-read when a new build replaces it, so a running server never serves stale assets. */
function templateReader(indexPath: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}

const HINTS_TTL_MS = 30_000;
// Must match the breakpoint of the hero's <picture> source (apps/web Hero.tsx).
const MOBILE_MEDIA = '(max-width: 767px)';

/**
 * Preloads of the partner's header images (the largest paint of the landing page), so they download while the
 * script does instead of after it. Cached briefly per partner; an unknown partner gets none.
 */
function headerImageHints(db: Db): (identifier: string) => Promise<string> {
  const cache = new Map<string, { at: number; html: string }>();
  return async (identifier) => {
    const hit = cache.get(identifier);
    if (hit && Date.now() - hit.at < HINTS_TTL_MS) return hit.html;
    const partner = await findPartnerByIdentifier(db, identifier);
    let html = '';
    if (partner) {
      const header = findSection(await loadPartnerConfig(db, partner), 'header');
      const desktop = sectionFile(header, 'desktop');
      const mobile = sectionFile(header, 'mobile');
      const link = (href: string, media: string | null) =>
        `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}"${media ? ` media="${media}"` : ''}>`;
      if (mobile) html += link(mobile.url, MOBILE_MEDIA);
      if (desktop) html += link(desktop.url, mobile ? '(min-width: 768px)' : null);
    }
    cache.set(identifier, { at: Date.now(), html });
    return html;
  };
}

/**
 * Serves the built React app. Hashed assets are cached for a year and sent precompressed (the build writes .br and
 * .gz); every page route gets index.html with the partner identifier resolved from the host and the preloads of
 * that partner's header images.
 */
export async function registerWebRoutes(app: FastifyInstance, db: Db, distDir: string): Promise<void> {
  const readTemplate = templateReader(join(distDir, 'index.html'));
  if (!readTemplate()) {
    app.log.warn({ distDir }, 'web build not found: run npm run build (npm start does it for you)');
  }
  const hints = headerImageHints(db);
  const assetsDir = join(distDir, 'assets');
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const template = readTemplate();
    if (!template) {
      return reply
        .code(503)
        .send({ retorno: false, dados: null, mensagem: 'Portal em manutenção. Tente novamente.' });
    }
    const html = template
      .replaceAll('%PORTAL_PARTNER%', escapeAttribute(request.partnerIdentifier))
      .replace('</head>', `${await hints(request.partnerIdentifier)}</head>`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  };

  app.get('/', servePage);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/files/') &&
      !request.url.startsWith('/assets/');
    if (!isPage) {
      return reply.code(404).send({ retorno: false, dados: null, mensagem: 'Recurso não encontrado.' });
    }
    return servePage(request, reply);
  });
}
