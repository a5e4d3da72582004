import { afterEach, expect } from 'vitest';
import { pageErrors } from './harness';

// Every browser test fails on an uncaught error in a page it opened (a hydration mismatch, a failed chunk, a bug
// behind a screen that still looks right), not only the tests that look for one.
afterEach(() => {
  expect(pageErrors.splice(0), 'uncaught errors in the pages this test opened').toEqual([]);
});
