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

export default defineConfig({
  plugins: [react(), precompress()],
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
