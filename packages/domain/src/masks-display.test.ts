import { describe, expect, it } from 'vitest';
import { maskPhoneForDisplay } from './masks';

describe('masked contact data (no personal data before identification)', () => {
  it.each([
    ['11987654321', '(11) *****-4321'],
    ['(21) 3333-4444', '(21) ****-4444'],
    ['123', ''],
  ])('phone %s -> %s', (phone, expected) => expect(maskPhoneForDisplay(phone)).toBe(expected));
});
