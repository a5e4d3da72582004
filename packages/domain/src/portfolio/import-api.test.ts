import { describe, expect, it } from 'vitest';
import { importPace } from './import-api';

describe('importPace', () => {
  it.each([
    // rows, total, seconds → per second, seconds left
    [0, 1000, 1, null, null],
    [500, 1000, 0, null, null],
    [500, 1000, 2, 250, 2],
    [1000, 1000, 4, 250, 0],
    // A file with blank lines can read past its line count: nothing is left, never a negative estimate.
    [1200, 1000, 4, 300, 0],
  ])('%i of %i lines in %i s', (rows, total, seconds, perSecond, secondsLeft) => {
    expect(importPace(rows, total, seconds)).toEqual({ perSecond, secondsLeft });
  });
});
