import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFreePorts, untilListening } from './free-port';
import { call, MARIA, solveRobotCheck } from './identification-helpers';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';

// Issue 14 item 6: with REDIS_URL the limits live in Redis. A Redis that stops must not look healthy nor let
// limited calls through: they fail closed, fast, with 503 in the envelope, and /readyz says why. This test runs a
// Redis server of its own (redis-server from the system), stopped and started again mid-test.

const hasRedisServer = spawn('redis-server', ['--version']).on('error', () => undefined);
const redisAvailable = await new Promise<boolean>((resolve) => {
  hasRedisServer.once('error', () => resolve(false));
  hasRedisServer.once('exit', (code) => resolve(code === 0));
});

describe.runIf(redisAvailable)('limits while Redis is down', () => {
  let t: TestApp;
  let redis: ChildProcess | null = null;
  let port = 0;
  const dir = mkdtempSync(`${tmpdir()}/portal-redis-`);

  async function startRedis(): Promise<void> {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    redis = started;
    await untilListening(started, port, { what: 'redis-server', seconds: 10 });
  }

  async function stopRedis(): Promise<void> {
    const stopping = redis;
    redis = null;
    if (!stopping || stopping.exitCode !== null) return;
    stopping.kill('SIGKILL');
    await new Promise((resolve) => stopping.once('exit', resolve));
  }

  beforeAll(async () => {
    await onFreePorts(1, async ([candidate]) => {
      port = candidate!;
      await startRedis();
    });
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, CAPTCHA_MAX_NUMBER: '1000' } });
  });
  afterAll(async () => {
    await stopRedis();
    await t?.close();
  });

  const login = async () =>
    call(t, 'negociacao_robo/passo_1', { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) });

  it('works while Redis is up and /readyz says so', async () => {
    expect((await login()).json()).toMatchObject({ retorno: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  it('refuses limited calls with 503 within a second while Redis is down, and /readyz answers 503', async () => {
    await stopRedis();
    for (const attempt of [
      login,
      () => t.app.inject({ method: 'POST', url: CONTACT_ACTION, payload: validContact() }),
    ]) {
      const started = performance.now();
      const res = await attempt();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        retorno: false,
        mensagem: 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.',
      });
    }
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'Demo@2026' },
    });
    expect(staff.statusCode).toBe(503);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', redis: 'unreachable' });
    // Liveness: the process itself still answers.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('serves again once Redis is back', async () => {
    await startRedis();
    for (let i = 0; (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200; i++) {
      if (i === 100) throw new Error('redis did not come back');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await login()).json()).toMatchObject({ retorno: true });
  });
});
