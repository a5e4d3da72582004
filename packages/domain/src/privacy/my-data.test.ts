import { describe, expect, it } from 'vitest';
import { PRIVACY_REQUEST_TYPES } from '../forms/privacy-request-form';
import {
  ERASURE_KEEPS,
  ERASURE_REGISTRATION_DATA,
  ERASURE_REMOVES,
  ERASURE_REQUEST_TYPE,
  erasureRequestMessage,
} from './my-data';

describe('the erasure asked on "Meus dados"', () => {
  it('is recorded under one of the rights form request types', () => {
    expect(PRIVACY_REQUEST_TYPES).toContain(ERASURE_REQUEST_TYPE);
  });

  it.each([
    [true, `Removido: ${ERASURE_REGISTRATION_DATA}.`],
    [
      false,
      `Mantido: ${ERASURE_REGISTRATION_DATA} (o titular também é atendido pelo portal de outro parceiro).`,
    ],
  ])(
    'records what happened to the registration (erased: %s), what went and what stayed',
    (erased, registration) => {
      const message = erasureRequestMessage(erased);
      expect(message).toContain(registration);
      for (const item of ERASURE_REMOVES) expect(message).toContain(item);
      for (const { what } of ERASURE_KEEPS) expect(message).toContain(what);
    },
  );

  it('gives a legal reason for everything it keeps', () => {
    for (const { why } of ERASURE_KEEPS) expect(why).toMatch(/LGPD|identificar/);
  });
});
