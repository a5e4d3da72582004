import { describe, expect, it } from 'vitest';
import { callRequestPhone } from './call-requests';

describe('callRequestPhone (spec 001 §5 call request, digital contact)', () => {
  it.each([
    ['call', '(11) 98765-4321', '11987654321'],
    ['call', '(11) 3456-7890', '1134567890'],
    ['call', '1198765432', undefined],
    ['call', '(01) 98765-4321', undefined],
    ['call', '(11) 88765-4321', undefined],
    ['call', '', undefined],
    ['whatsapp', '(21) 99876-5432', '21998765432'],
    ['whatsapp', '(11) 3456-7890', undefined],
    ['whatsapp', '(21) 99876-543', undefined],
  ] as const)('%s %j → %j', (kind, typed, expected) => {
    expect(callRequestPhone(kind, typed)).toBe(expected);
  });
});
