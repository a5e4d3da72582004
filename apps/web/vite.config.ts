import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The server (apps/server) serves dist/index.html for every page route and answers the API on the same origin;
// in development Vite proxies those paths to it.
const SERVER = process.env.PORTAL_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/api.php', '/files', '/healthz', '/dev'];

/**
 * Writes .br and .gz beside every built script and stylesheet, so the server can send them precompressed
 * (@fastify/static `preCompressed: true`) without compressing on each request. index.html is left out: the server
 * fills in the partner identifier per request.
 */
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
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The built page starts its entry script through /boot.js (public/boot.js) after the first frame instead of with a
 * module script tag: when the scripts arrive before Chrome's first frame, the paint waits for them (decision 006).
 * The entry's imports move from <link rel="modulepreload"> tags, which fetch at high priority before the paint, to
 * boot.js, which asks for them with the entry.
 */
function startEntryAfterFirstFrame(): Plugin {
  return {
    name: 'portal:start-entry-after-first-frame',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) throw new Error('portal: the entry script tag was not found in index.html');
        const preloads: string[] = [];
        const withoutPreloads = html.replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (_tag, href: string) => {
            preloads.push(href);
            return '';
          },
        );
        return withoutPreloads.replace(
          /<script type="module" crossorigin src="[^"]+"><\/script>/,
          `<script defer src="/boot.js" data-entry="${entry}" data-imports="${preloads.join(' ')}"></script>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), startEntryAfterFirstFrame()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 2048,
  },
  server: {
    // Partner subdomains (acme.portal.localhost:5173) must reach the dev server.
    allowedHosts: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false }])),
  },
});
