import { BACKGROUND_READ_HEADER } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubApiActions } from '../../../test/api-stub';
import { agreementsQuery, agreementsRefetchInterval } from './agreements';
import type { AcordosResposta, DadosAcordo, StatusParcelaAcordo } from './types';

// Issue 17 item 6: Meus Acordos keeps reading the list while something shown can still be paid, and stops after.

const agreement = (statuses: StatusParcelaAcordo[], status: DadosAcordo['status'] = 'active') => ({
  dadosAcordo: { status, parcelas: statuses.map((parcela) => ({ status: parcela })) },
});
const answer = (...statuses: StatusParcelaAcordo[][]) =>
  ({ acordos: statuses.map((list) => agreement(list)) }) as unknown as AcordosResposta;

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

  it('a cancelled agreement listed with the history: its unpaid rows stay A and AA, and nothing is read again', () => {
    const history = (status: DadosAcordo['status']) =>
      ({
        acordos: [agreement(['P'], 'active'), agreement(['P', 'AA', 'A'], status)],
      }) as unknown as AcordosResposta;
    expect(agreementsRefetchInterval(history('cancelled'), 0, 0)).toBe(false);
    expect(agreementsRefetchInterval(history('active'), 0, 0)).toBe(30_000);
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
