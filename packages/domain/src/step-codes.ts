// Every step code the portal logs (spec 000 §9 and spec 001 §4 "Step codes"); the server refuses others.
export const KNOWN_STEP_CODES: ReadonlySet<number> = new Set([
  // spec 000 §9
  31, 8, 15, 18, 21, 29, 30, 25, 2, 27, 14,
  // spec 001 §4
  36, 11, 41, 5, 3, 40, 6, 39, 28, 9, 20, 43, 24, 42, 17, 19, 22, 23, 38, 16, 33, 35, 4, 26, 100, 101, 102,
  103, 104, 32,
]);

export function isKnownStepCode(code: number): boolean {
  return KNOWN_STEP_CODES.has(code);
}
