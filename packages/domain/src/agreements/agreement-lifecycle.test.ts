import { describe, expect, it } from 'vitest';
import { datesToCatchUp, isEntryBroken, isFullyPaid } from './agreement-lifecycle';

describe('isFullyPaid (issue 17: settled when every instalment is paid)', () => {
  it.each([
    [[{ payment: 'paid' }, { payment: 'settled' }], true],
    [[{ payment: 'paid' }, { payment: null }], false],
    [[{ payment: null }], false],
    [[], false],
  ] as const)('%o: %s', (instalments, paid) => expect(isFullyPaid(instalments)).toBe(paid));
});

describe('isEntryBroken (issue 17: entry unpaid past the store tolerance)', () => {
  it.each([
    // Due 2026-11-10, tolerance 5: still within it on the 15th, broken from the 16th.
    [{ dueDate: '2026-11-10', payment: null }, 5, '2026-11-15', false],
    [{ dueDate: '2026-11-10', payment: null }, 5, '2026-11-16', true],
    [{ dueDate: '2026-11-10', payment: 'paid' }, 5, '2026-12-30', false],
    [{ dueDate: '2026-11-10', payment: 'settled' }, 0, '2026-11-30', false],
    [{ dueDate: '2026-11-10', payment: null }, 0, '2026-11-10', false],
    [{ dueDate: '2026-11-10', payment: null }, 0, '2026-11-11', true],
    // Across a month and a year.
    [{ dueDate: '2026-12-29', payment: null }, 5, '2027-01-04', true],
  ] as const)('%o tolerance %d on %s: %s', (entry, tolerance, date, broken) =>
    expect(isEntryBroken(entry, tolerance, date)).toBe(broken),
  );
});

describe('datesToCatchUp (GUIDE jobs: catches up after downtime)', () => {
  it.each([
    [null, '2026-11-25', ['2026-11-25']],
    ['2026-11-25', '2026-11-25', []],
    ['2026-11-24', '2026-11-25', ['2026-11-25']],
    ['2026-11-22', '2026-11-25', ['2026-11-23', '2026-11-24', '2026-11-25']],
    ['2026-12-30', '2027-01-02', ['2026-12-31', '2027-01-01', '2027-01-02']],
    // A clock set back (or a date done ahead by another process) owes nothing.
    ['2026-11-26', '2026-11-25', []],
  ] as const)('last %s, today %s: %o', (last, today, dates) =>
    expect(datesToCatchUp(last, today)).toEqual(dates),
  );

  it('keeps the most recent dates after a long outage', () => {
    const dates = datesToCatchUp('2026-01-01', '2026-11-25', 3);
    expect(dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });
});
