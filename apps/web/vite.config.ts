import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

// The server (apps/server) serves dist/index.html for every page route and answers the API on the same origin;
// in development Vite proxies those paths to it.
const SERVER = process.env.PORTAL_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/api.php', '/files', '/healthz', '/dev'];

/**
 * Writes .br and .gz beside every built script and stylesheet, so the server can send them precompressed
 * (@fastify/static `preCompressed: true`) without compressing on each request. index.html is left out: the server
 * fills in the partner identifier per request.
 */
/** Brotli as the build writes the `.br` files the server sends (quality 11): also what the landing budget counts. */
const brotli = (source: Buffer | string): Buffer =>
  brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file.fileName)) continue;
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (source.length < 1024) continue;
        const path = join(outDir, file.fileName);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${path}.br`, brotli(source));
      }
    },
  };
}

/**
 * The built page starts its entry script through the boot script (boot.js, inline at the end of the body) after the
 * first frame instead of with a module script tag: when the scripts arrive before Chrome's first frame, the paint
 * waits for them (decision 006). The entry is one file, so there are no <link rel="modulepreload"> tags to fetch at
 * high priority before the paint. Inline rather than a file of its own, so nothing but the page itself is fetched
 * before the first paint; the server allows it by its hash in the page's CSP (apps/server web-routes.ts).
 */
function startEntryAfterFirstFrame(): Plugin {
  let root = '';
  return {
    name: 'portal:start-entry-after-first-frame',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) throw new Error('portal: the entry script tag was not found in index.html');
        // Its comments stay in the source file, not in every page.
        const boot = readFileSync(join(root, 'boot.js'), 'utf8').replace(/^\s*\/\/.*\n/gm, '');
        if (boot.includes('</')) throw new Error('portal: boot.js must not contain "</" (it is inlined)');
        // The entry is one file (the '$initial' group): a <link rel="modulepreload"> would be a file it imports,
        // fetched only once the entry has arrived and been parsed, one more round trip on a slow network.
        const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/.exec(html)?.[1];
        if (preload)
          throw new Error(`portal: the entry imports ${preload}; it must be one file (vite.config.ts)`);
        return html
          .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
          .replace('</body>', () => `<script data-entry="${entry}">${boot}</script></body>`);
      },
    },
  };
}

/** GUIDE "Performance budgets": the landing page's first scripts, compressed as the server sends them (brotli). */
const LANDING_BROTLI_BUDGET = 90 * 1024;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** Modules that must load only with a lazy chunk: zod, and the partner settings' schemas and form rules. */
const LAZY_ONLY = [ZOD, /[\\/]domain[\\/]src[\\/]partner[\\/]partner-(settings|form)\.ts$/];
/** The menu's lazy chunk, which must load without zod (it has no form; features/debts/routes/AccordionTabs.tsx). */
const MENU_SCREEN = /[\\/]features[\\/]debts[\\/]routes[\\/]AccordionTabs\.tsx$/;

/** The chunk and every chunk it imports statically: what loads with it before any lazy import. */
function withStaticImports(
  bundle: Rolldown.OutputBundle,
  start: Rolldown.OutputChunk,
): Rolldown.OutputChunk[] {
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...found.values()];
}

/** One line per chunk of `chunks` that holds modules matching `patterns`. */
function modulesFound(chunks: Rolldown.OutputChunk[], patterns: RegExp[], what: string): string[] {
  return chunks.flatMap((chunk) => {
    const found = chunk.moduleIds.filter((id) => patterns.some((pattern) => pattern.test(id)));
    if (found.length === 0) return [];
    return [
      `${chunk.fileName} (${what}) holds ${found.length} lazy-only modules: ${found.slice(0, 3).join(', ')}`,
    ];
  });
}

/**
 * Fails the build (and so CI, which builds before the browser tests) when the landing page's first scripts carry
 * zod or the partner schemas, or pass the brotli budget, or when the menu's scripts carry zod: each came back once
 * unnoticed (docs/performance.md).
 */
function scriptBudgets(): Plugin {
  return {
    name: 'portal:script-budgets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const menu = chunks.find((chunk) => chunk.facadeModuleId && MENU_SCREEN.test(chunk.facadeModuleId));
      if (!entry) this.error('portal: no entry chunk in the build');
      if (!menu) this.error('portal: no chunk of its own for the menu screen in the build');
      const firstScripts = withStaticImports(bundle, entry);
      const problems = [
        ...modulesFound(firstScripts, LAZY_ONLY, 'a first script'),
        ...modulesFound(withStaticImports(bundle, menu), [ZOD], "one of the menu's scripts"),
      ];
      const compressed = firstScripts.reduce((sum, chunk) => sum + brotli(chunk.code).length, 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      if (compressed > LANDING_BROTLI_BUDGET)
        problems.push(
          `the landing page's first scripts are ${kb(compressed)} brotli (budget ${kb(LANDING_BROTLI_BUDGET)})`,
        );
      if (problems.length > 0) this.error(`portal: script budgets\n${problems.join('\n')}`);
      this.info(
        `landing page's first scripts: ${firstScripts.length} files, ${kb(compressed)} brotli (budget ${kb(LANDING_BROTLI_BUDGET)})`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), startEntryAfterFirstFrame(), scriptBudgets()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod in a chunk of its own: the menu shares React Query with the other debtor screens, not zod (without
            // this group, the bundler put the two in one chunk).
            { name: 'zod', test: ZOD },
            // Everything the entry imports statically goes in the entry itself: the bundler split what the lazy
            // screens share with it (React, the partner and date helpers) into six small files, each one more
            // request the boot script makes on the main thread before the first render.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    // Partner subdomains (acme.portal.localhost:5173) must reach the dev server.
    allowedHosts: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false }])),
  },
});
