import { describe, expect, it } from 'vitest';
import { isKnownStepCode } from './step-codes';

describe('step codes (spec 000 §9, spec 001 §4)', () => {
  it.each([31, 8, 14, 27, 36, 41, 104, 32])('knows %i', (code) => expect(isKnownStepCode(code)).toBe(true));
  it.each([0, 1, 7, 99, 105, 9999])('refuses %i', (code) => expect(isKnownStepCode(code)).toBe(false));
});
