import { describe, expect, it } from 'vitest';
import { auditEntityLabel } from './staff-team';

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
