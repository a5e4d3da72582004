import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import { SECOND_COPY_ADDRESS_MESSAGES, secondCopySendSchema } from './second-copy-send';

describe('secondCopySendSchema (spec 001 §5)', () => {
  it.each([
    ['email', 'maria@exemplo.com.br', null],
    ['email', ' maria@exemplo.com ', null],
    ['email', '', SECOND_COPY_ADDRESS_MESSAGES.email],
    ['email', 'maria@exemplo', SECOND_COPY_ADDRESS_MESSAGES.email],
    ['email', 'maria@exemplo.com.', SECOND_COPY_ADDRESS_MESSAGES.email],
    ['email', 'maria.exemplo.com', SECOND_COPY_ADDRESS_MESSAGES.email],
    ['sms', '(11) 98765-4321', null],
    ['sms', '11987654321', null],
    ['sms', '(11) 8765-4321', SECOND_COPY_ADDRESS_MESSAGES.sms],
    ['sms', '', SECOND_COPY_ADDRESS_MESSAGES.sms],
    ['sms', '(11) 98765-43210', SECOND_COPY_ADDRESS_MESSAGES.sms],
  ] as const)('%s %j -> %j', (tipoEnvio, enderecoEnvio, expected) => {
    const checked = firstIssue(secondCopySendSchema, { tipoEnvio, enderecoEnvio });
    expect(checked.ok ? null : checked.message).toBe(expected);
  });
});
