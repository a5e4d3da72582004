import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { MARIA } from './identification-helpers';
import { type Answer, requestOnce } from './one-request';
import { type ServerProcess, startServer, stopServer } from './server-process';
import { scratchPostgres } from './test-app';

// SERVER_PROCESSES (server.ts): several processes share the port. Each new connection goes to the next process in
// turn, so requests on fresh connections below reach both, and what one process does must hold in the other.

describe('SERVER_PROCESSES settings', () => {
  it('refuses more than one process without PostgreSQL and Redis', () => {
    expect(() => loadEnv({ SERVER_PROCESSES: '2' })).toThrow(/DATABASE_URL \(PostgreSQL\) and REDIS_URL/);
    expect(() =>
      loadEnv({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' }),
    ).toThrow(/REDIS_URL/);
    expect(
      loadEnv({
        SERVER_PROCESSES: '2',
        DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }).SERVER_PROCESSES,
    ).toBe(2);
    expect(loadEnv({}).SERVER_PROCESSES).toBe(1);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(adminUrl && redisUrl)('two server processes on PostgreSQL', () => {
  let server: ServerProcess;
  let port = 0;
  let drop: () => Promise<void> = async () => {};

  /** One request on a connection of its own, so consecutive requests reach both processes. */
  function send(
    method: string,
    path: string,
    {
      host = 'localhost',
      body,
      headers = {},
    }: { host?: string; body?: object; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    return requestOnce(http, { host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, body);
  }

  beforeAll(async () => {
    const scratch = await scratchPostgres(adminUrl!);
    drop = scratch.drop;
    server = await startServer(
      () => ({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        SERVER_PROCESSES: '2',
        // Only an edit relayed between the processes can refresh what each one keeps.
        PARTNER_CACHE_SECONDS: '3600',
        CAPTCHA_HMAC_SECRET: '',
        CAPTCHA_MAX_NUMBER: '1000',
        // The limits count per client address in Redis, shared with other test files.
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        LIMIT_LOGIN_PER_IP: '100000',
        LIMIT_LOGIN_PER_DOCUMENT: '100000',
        LIMIT_STAFF_LOGIN_PER_IP: '100000',
        LIMIT_STAFF_LOGIN_PER_USER: '100000',
      }),
      {
        seconds: 90,
        // Ready when /healthz answers twice in a row on connections of their own (both processes, in turn).
        ready: async (candidate) => {
          port = candidate;
          for (let i = 0; i < 2; i++)
            if ((await send('GET', '/healthz').catch(() => null))?.status !== 200) return false;
          return true;
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    await drop();
  });

  it('runs two workers under the primary process', () => {
    // Its children that run the server (tsx also starts an esbuild service).
    const children = readdirSync('/proc').filter((pid) => {
      try {
        const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
        return (
          parent === String(server.child.pid) &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.ts')
        );
      } catch {
        return false;
      }
    });
    expect(children).toHaveLength(2);
  });

  it('shows a partner edit made through one process in every process at once', async () => {
    const colours = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const info = await send('GET', '/api/parceiro/acme/info');
        expect(info.status).toBe(200);
        seen.add(JSON.parse(info.body).data.estilo.corPrimaria);
      }
      return [...seen];
    };
    const [before] = await colours();
    const login = await send('POST', '/api/login', { body: { username: 'admin', password: 'Demo@2026' } });
    expect(login.status, login.body).toBe(200);
    const authorization = `Bearer ${JSON.parse(login.body).access_token}`;
    const { id } = JSON.parse((await send('GET', '/api/parceiro/acme/info')).body).data;
    const corPrimaria = before === '#0a7d5a' ? '#7d0a5a' : '#0a7d5a';
    const saved = await send('PUT', `/api/parceiro/${id}`, {
      headers: { authorization },
      body: { id, estilo: { corPrimaria, corSecundaria: '#222222' } },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(await colours()).toEqual([corPrimaria]);
  });

  it('checks a robot-check answer in a process other than the one that made the challenge', async () => {
    for (let i = 0; i < 2; i++) {
      const challenge = JSON.parse((await send('GET', '/api/captcha/altcha')).body) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const answer = await send('POST', '/api.php?a=negociacao_robo&b=passo_1', {
        host: 'demo.portal.localhost',
        body: { ...MARIA, aceite: true, captcha },
      });
      expect(JSON.parse(answer.body).retorno, answer.body).toBe(true);
    }
  });
});
