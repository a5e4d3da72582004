import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, stopServer } from './server-process';

// Issue 14 item 12: a newcomer's first `npm start` seeds the demo for a while. The server must not accept
// connections before it can serve them (it used to answer 503 for ~25 s). Runs the real server.ts on a new PGlite
// folder, as `npm start` does; on the PostgreSQL run it is left to the PGlite one.

function get(port: number, path: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { host: 'localhost' }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
      },
    );
    request.on('error', () => resolve(null));
  });
}

describe.skipIf(process.env.TEST_DATABASE_URL)('first start on an empty embedded database', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
  });

  it('opens its port only when migrations and the demo seed are done', async () => {
    let status: number | null = null;
    server = await startServer(
      () => ({
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        // A folder of its own for each start: one whose port was taken may have left files behind.
        DATA_DIR: join(mkdtempSync(join(tmpdir(), 'portal-first-start-')), 'data'),
        HOST: '',
        DATABASE_URL: '',
        REDIS_URL: '',
      }),
      {
        seconds: 150,
        ready: async (port) => {
          const answer = await get(port, '/api/parceiro/demo/info');
          status ??= answer;
          return answer !== null;
        },
      },
    );
    // The first answer it ever gives is the seeded partner, not "starting".
    expect(status).toBe(200);
    expect(await get(server.port, '/healthz')).toBe(200);
  }, 180_000);
});
