import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  type CookieChoice,
  consentFromCookies,
  findSection,
  type PartnerConfig,
  sectionFile,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { findPartnerByIdentifier, loadPartnerConfig } from '../repositories/partner-repository';
import { isPageRequest } from './page-request';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Template {
  html: string;
  /** CSP sources ('sha256-...') of its inline scripts (the build's boot script), for the page's script-src. */
  scriptHashes: string[];
}

/** The hash source CSP takes for each executable inline script of the page (not JSON data blocks). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, source]) =>
      `'sha256-${createHash('sha256')
        .update(source ?? '')
        .digest('base64')}'`,
  );
}

/** index.html as built; re-read when a new build replaces it, so a running server never serves stale assets. */
function templateReader(indexPath: string): () => Template | null {
  let cached: { mtimeMs: number; template: Template } | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs) {
        const html = readFileSync(indexPath, 'utf8');
        cached = { mtimeMs, template: { html, scriptHashes: inlineScriptHashes(html) } };
      }
      return cached.template;
    } catch {
      return null;
    }
  };
}

/** The policy the security headers set, with the page's inline script hashes added to its script-src. */
function allowingScripts(policy: string, hashes: string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace(/(^|;)(\s*script-src)(?=[\s;]|$)/, `$1$2 ${hashes.join(' ')}`);
}

/**
 * The partner configuration the info route answers (GET /api/parceiro/{id}/info), as a JSON data block the app
 * reads at start (lib/partner.ts) instead of asking for it: one request less before the first paint. `<` is
 * escaped so no text in it can close the element.
 */
function configScript(config: PartnerConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="partner-config">${json}</script>`;
}

/**
 * The cookie choice the first screen was rendered with, for the app to hydrate that screen as painted
 * (apps/web lib/prerendered.ts): the cookie may change before the app starts (the banner's form posted meanwhile).
 */
function consentScript(consent: CookieChoice): string {
  return `<script type="application/json" id="server-consent">${JSON.stringify(consent)}</script>`;
}

const stylesheets = new Map<string, string>();

/** Replaces the built stylesheet link by its contents (hashed file names, so each is read once). */
function inlineStylesheet(html: string, distDir: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
    (link, path: string) => {
      let css = stylesheets.get(path);
      if (css === undefined) {
        try {
          css = readFileSync(join(distDir, path), 'utf8');
        } catch {
          return link;
        }
        stylesheets.set(path, css);
      }
      return `<style>${css.replaceAll('</', '<\\/')}</style>`;
    },
  );
}

// Must match the breakpoint of the hero's <picture> source (apps/web Hero.tsx).
const MOBILE_MEDIA = '(max-width: 767px)';

/** The web build's server entry (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  renderShell: (config: PartnerConfig, pathname: string, consent: CookieChoice) => Promise<string>;
  renderThemeStyle: (config: PartnerConfig) => string;
}

/** The web app's consent cookie (domain contract/page-cookies). */
const consentOf = (request: FastifyRequest): CookieChoice => consentFromCookies(request.headers.cookie);

/**
 * The pages whose first screen the server renders: the landing page; the debtor pages a person reloads or opens
 * from a link (the web app's DEBTOR_PAGES), whose first paint is the loading text and, before a cookie choice, the
 * banner (without it they painted nothing larger until their lazy screen had loaded); and the privacy portal's
 * heading and introduction.
 */
const SERVER_RENDERED = /^\/(?:(?:menu|minhas-dividas)(?:\/[^/]+)?|meus-acordos|portal-de-privacidade)?$/;

/** The web build's server entry (apps/web/src/entry-server.tsx), re-imported when a new build replaces it. */
function shellRenderer(ssrEntry: string): () => Promise<ServerEntry | null> {
  let loaded: { mtimeMs: number; entry: ServerEntry } | null = null;
  return async () => {
    if (!existsSync(ssrEntry)) return null;
    const { mtimeMs } = statSync(ssrEntry);
    if (loaded?.mtimeMs !== mtimeMs) {
      const module = (await import(`${pathToFileURL(ssrEntry).href}?v=${mtimeMs}`)) as ServerEntry;
      loaded = {
        mtimeMs,
        entry: { renderShell: module.renderShell, renderThemeStyle: module.renderThemeStyle },
      };
    }
    return loaded.entry;
  };
}

function headerImagePreloads(config: PartnerConfig): string {
  const header = findSection(config, 'header');
  const desktop = sectionFile(header, 'desktop');
  const mobile = sectionFile(header, 'mobile');
  const link = (href: string, media: string | null) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}"${media ? ` media="${media}"` : ''}>`;
  return (
    (mobile ? link(mobile.url, MOBILE_MEDIA) : '') +
    (desktop ? link(desktop.url, mobile ? '(min-width: 768px)' : null) : '')
  );
}

interface PageParts {
  /** The partner's colours and, on the landing page, the header image preloads (its largest paint). */
  hints: string;
  /**
   * The data the app starts from: the partner configuration (configScript) and, with a first screen, the cookie
   * choice it was rendered with (consentScript); '' for an unknown partner.
   */
  config: string;
  /** The page's first screen as HTML, or '' (not a server-rendered page, no web server build, unknown partner). */
  shell: string;
}

/**
 * What the server adds to index.html for one partner and page so it paints before its script runs, in the
 * partner's colours: the theme, image preloads and the server-rendered first screen. Kept per configuration
 * object, page and cookie choice (the only inputs of the render): the partner cache hands out the same object until
 * it expires or a partner edit invalidates it, so an edit shows at once. An unknown partner gets nothing.
 */
function pagePartsFor(
  db: Db,
  serverEntry: () => Promise<ServerEntry | null>,
): (identifier: string, pathname: string, consent: CookieChoice) => Promise<PageParts> {
  const byConfig = new WeakMap<PartnerConfig, Map<string, { entry: ServerEntry | null; parts: PageParts }>>();
  return async (identifier, pathname, consent) => {
    const partner = await findPartnerByIdentifier(db, identifier);
    if (!partner) return { hints: '', config: '', shell: '' };
    const config = await loadPartnerConfig(db, partner);
    const rendered = SERVER_RENDERED.test(pathname);
    const entry = await serverEntry();
    // Every debtor page with a cpf in the path renders alike (the banner is hidden there), so they share an entry.
    const key = `${rendered ? pathname.replace(/^(\/[^/]+)\/[^/]+$/, '$1/:cpf') : '*'}|${consent}`;
    let pages = byConfig.get(config);
    if (!pages) {
      pages = new Map();
      byConfig.set(config, pages);
    }
    const hit = pages.get(key);
    // A new web build brings a new server entry: render again with it.
    if (hit && hit.entry === entry) return hit.parts;
    const shell = entry && rendered ? await entry.renderShell(config, pathname, consent) : '';
    const parts = {
      // The header images are the landing page's; elsewhere they would only compete with the page's script.
      hints:
        (entry ? entry.renderThemeStyle(config) : '') + (pathname === '/' ? headerImagePreloads(config) : ''),
      config: configScript(config) + (shell ? consentScript(consent) : ''),
      shell,
    };
    pages.set(key, { entry, parts });
    return parts;
  };
}

/**
 * Serves the built React app. Hashed assets are cached for a year and sent precompressed (the build writes .br and
 * .gz); every page route gets index.html with the partner identifier resolved from the host and, where it has
 * them, the page's parts (the landing page's image preloads; the server-rendered first screen).
 */
export async function registerWebRoutes(app: FastifyInstance, db: Db, distDir: string): Promise<void> {
  const readTemplate = templateReader(join(distDir, 'index.html'));
  if (!readTemplate()) {
    app.log.warn({ distDir }, 'web build not found: run npm run build (npm start does it for you)');
  }
  const pageParts = pagePartsFor(db, shellRenderer(join(distDir, '..', 'dist-ssr', 'entry-server.js')));
  const assetsDir = join(distDir, 'assets');
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.setHeader(
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
    const pathname = request.url.split('?')[0] ?? '/';
    const { hints, config, shell } = await pageParts(request.partnerIdentifier, pathname, consentOf(request));
    let html = template.html
      .replaceAll('%PORTAL_PARTNER%', escapeAttribute(request.partnerIdentifier))
      .replace('</head>', () => `${hints}</head>`)
      // After the page's content, so the first screen's markup comes first in the response.
      .replace('</body>', () => `${config}</body>`);
    // Pages without a server-rendered screen start from index.html's loading text.
    if (shell) {
      // The first screen is in the HTML: its styles come inline so it paints without another round trip.
      html = inlineStylesheet(
        html.replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, () => shell),
        distDir,
      );
    }
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', allowingScripts(policy, template.scriptHashes));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  };

  app.get('/', servePage);
  app.setNotFoundHandler(async (request, reply) => {
    if (!isPageRequest(request)) {
      return reply.code(404).send({ retorno: false, dados: null, mensagem: 'Recurso não encontrado.' });
    }
    return servePage(request, reply);
  });
}
