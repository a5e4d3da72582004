import { describe, expect, it } from 'vitest';
import { SECOND_COPY_TEXTS, sendAddressError } from './second-copy';

describe('sendAddressError (spec 001 §5)', () => {
  it.each([
    ['email', 'maria@exemplo.com.br', null],
    ['email', ' maria@exemplo.com ', null],
    ['email', '', SECOND_COPY_TEXTS.invalidEmail],
    ['email', 'maria@exemplo', SECOND_COPY_TEXTS.invalidEmail],
    ['email', 'maria@exemplo.com.', SECOND_COPY_TEXTS.invalidEmail],
    ['email', 'maria.exemplo.com', SECOND_COPY_TEXTS.invalidEmail],
    ['sms', '(11) 98765-4321', null],
    ['sms', '11987654321', null],
    ['sms', '(11) 8765-4321', SECOND_COPY_TEXTS.invalidPhone],
    ['sms', '', SECOND_COPY_TEXTS.invalidPhone],
    ['sms', '(11) 98765-43210', SECOND_COPY_TEXTS.invalidPhone],
  ] as const)('%s %j -> %j', (channel, address, expected) => {
    expect(sendAddressError(channel, address)).toBe(expected);
  });
});
