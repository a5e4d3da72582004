import { describe, expect, it } from 'vitest';
import { contractLabel, daysOverdueCell, dueStatusText, formatPercent, pendingDebtsText } from './debt-texts';

describe('MyDebits wording (spec 001 §2)', () => {
  it('counts pending debts in the singular for one', () => {
    const open = { acordo_ativo: false };
    expect(pendingDebtsText([open])).toBe('1 dívida pendente');
    expect(pendingDebtsText([])).toBe('0 dívidas pendentes');
    expect(pendingDebtsText(Array(5).fill(open))).toBe('5 dívidas pendentes');
  });

  it('a debt under an active agreement is not pending', () => {
    const open = { acordo_ativo: false };
    const underAgreement = { acordo_ativo: true };
    expect(pendingDebtsText([open, underAgreement, open])).toBe('2 dívidas pendentes');
    expect(pendingDebtsText([underAgreement, open])).toBe('1 dívida pendente');
    expect(pendingDebtsText([underAgreement])).toBe('0 dívidas pendentes');
  });

  it('days overdue or until the next due date, from fase', () => {
    expect(dueStatusText(1)).toBe('1 dia em atraso');
    expect(dueStatusText(45)).toBe('45 dias em atraso');
    expect(dueStatusText(0)).toBe('Vence hoje');
    expect(dueStatusText(-1)).toBe('Vence em 1 dia');
    expect(dueStatusText(-12)).toBe('Vence em 12 dias');
  });

  it('percentages with a decimal comma', () => {
    expect(formatPercent(23.5)).toBe('23,5%');
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(33.33)).toBe('33,33%');
  });

  it("boleto-only stores read 'Código do contrato' (spec 001 §1)", () => {
    expect(contractLabel('N', 2)).toBe('Código do contrato');
    expect(contractLabel('S', 1)).toBe('Contrato');
    expect(contractLabel('S', 2)).toBe('Contratos');
  });

  it('shows days overdue only for overdue instalments', () => {
    expect(daysOverdueCell(30)).toBe('30');
    expect(daysOverdueCell(0)).toBe('-');
    expect(daysOverdueCell(-5)).toBe('-');
  });
});
