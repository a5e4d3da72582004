import { BACKGROUND_READ_HEADER } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubApiActions } from '../../../test/api-stub';
import { agreementsQuery, agreementsRefetchInterval } from './agreements';
import type { AcordosResposta, StatusParcelaAcordo } from './types';

// Issue 17 item 6: Meus Acordos keeps reading the list while something shown can still be paid, and stops after.

const answer = (...statuses: StatusParcelaAcordo[][]) =>
  ({
    acordos: statuses.map((list) => ({ dadosAcordo: { parcelas: list.map((status) => ({ status })) } })),
  }) as unknown as AcordosResposta;

describe('agreementsRefetchInterval', () => {
  it.each([
    { case: 'an open instalment', data: answer(['P', 'A']), interval: 30_000 },
    {
      case: 'an overdue instalment in a second agreement',
      data: answer(['P'], ['B', 'AA']),
      interval: 30_000,
    },
    { case: 'everything paid or settled', data: answer(['P', 'B'], ['P']), interval: false },
    { case: 'no agreements', data: answer(), interval: false },
    { case: 'nothing loaded yet', data: undefined, interval: false },
  ])('$case: $interval', ({ data, interval }) => {
    expect(agreementsRefetchInterval(data, 0, 0)).toBe(interval);
  });

  const open = answer(['P', 'A']);
  it.each([
    { case: 'a PIX modal open', now: 1_000, watchUntil: Number.POSITIVE_INFINITY, interval: 5_000 },
    {
      case: 'a PIX closed a minute ago (3 minutes watched)',
      now: 60_000,
      watchUntil: 180_000,
      interval: 5_000,
    },
    { case: 'the watch over', now: 180_000, watchUntil: 180_000, interval: 30_000 },
  ])('$case: $interval', ({ now, watchUntil, interval }) => {
    expect(agreementsRefetchInterval(open, now, watchUntil)).toBe(interval);
  });

  it('nothing open: no reading even while a PIX is watched', () => {
    expect(agreementsRefetchInterval(answer(['P']), 0, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('agreementsQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the first read is the person’s; reading a page already on screen again is marked as the page’s own', async () => {
    const calls = stubApiActions(() => ok(answer(['A'])));
    const client = createQueryClient();
    const query = agreementsQuery({});
    await client.fetchQuery(query);
    await client.refetchQueries({ queryKey: query.queryKey });
    expect(calls.map((call) => call.headers[BACKGROUND_READ_HEADER])).toEqual([undefined, '1']);
  });
});
