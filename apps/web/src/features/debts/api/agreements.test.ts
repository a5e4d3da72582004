import { describe, expect, it } from 'vitest';
import { agreementsRefetchInterval } from './agreements';
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
    expect(agreementsRefetchInterval(data)).toBe(interval);
  });
});
