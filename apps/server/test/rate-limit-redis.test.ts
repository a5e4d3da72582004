import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieOf, MARIA } from './identification-helpers';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';

// With REDIS_URL, rate-limit counters live in Redis so several server processes share them.
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    await redis.flushdb();
    const env = { REDIS_URL: redisUrl!, LIMIT_SMS_PER_PHONE: '2' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.quit();
  });

  it('counts one client across two server processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: CONTACT_ACTION,
        payload: validContact(),
        remoteAddress: '10.7.7.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await redis.keys('*10.7.7.7*')).length).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one client across two server processes', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: CONTACT_ACTION,
        payload: validContact(),
        remoteAddress: `2001:db8:7:7::${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await redis.keys('*2001:db8:7:7::/64*')).toHaveLength(1);
  });

  it('weighs at most LIMIT_STAFF_LOGIN_PER_USER staff guesses sent at once to two processes', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        (i % 2 === 0 ? first : second).app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'admin', password: `errada-${i}` },
          remoteAddress: `10.7.8.${i + 1}`,
        }),
      ),
    );
    // The default limit is 5: the other guesses are asked for the robot check, their passwords never weighed.
    const statuses = guesses.map((res) => res.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(9).fill(400), ...Array(5).fill(401)]);
  });

  it('counts SMS per phone across two server processes', async () => {
    const statuses: number[] = [];
    for (const t of [first, second, first]) {
      const login = await call(
        t,
        'negociacao_robo/passo_1',
        { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento, aceite: true },
        { host: 'senff.portal.localhost', ip: '10.7.7.8' },
      );
      const sent = await call(
        t,
        'negociacao_robo/enviar_token',
        {},
        { host: 'senff.portal.localhost', cookie: cookieOf(login) },
      );
      statuses.push(sent.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await redis.keys('portal:limit:sms:phone:*')).length).toBe(1);
  });
});
