import { describe, expect, it } from 'vitest';
import { auditEntityLabel, staffAccessSchema } from './staff-team';

describe('auditEntityLabel (what Auditoria and its spreadsheet call an audited row, decision 024)', () => {
  it.each([
    // A call or WhatsApp request is no proposal nor dispute (its erasure showed 'Proposta ou contestação').
    { entity: 'call_request', label: 'Pedido de ligação ou WhatsApp' },
    // The table's code covers proposals, disputes and cannot-pay requests, and calls in rows written before.
    { entity: 'debtor_request', label: 'Solicitação do devedor' },
    { entity: 'contact_message', label: 'Pedido de contato' },
    // A code of an older release without a label, as it was stored.
    { entity: 'something_old', label: 'something_old' },
  ])('$entity -> $label', ({ entity, label }) => {
    expect(auditEntityLabel(entity)).toBe(label);
  });
});

describe('staffAccessSchema', () => {
  it.each([
    [[1, 2], true],
    [[0], false],
    // Past an integer column: its query would fail, so it is refused as a code (found in review).
    [[3_000_000_000], false],
  ])('partners %j: %s', (parceiros, valid) => {
    const parsed = staffAccessSchema.safeParse({ papel: 'operator', parceiros });
    expect(parsed.success).toBe(valid);
    if (!valid) expect(parsed.error!.issues[0]!.message).toBe('Código inválido.');
  });
});
