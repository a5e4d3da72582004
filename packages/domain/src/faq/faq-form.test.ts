import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import { faqListCode, faqPartnerId, faqSchema } from './faq-form';

describe('faqSchema (spec 002 §5 "FAQ", §8)', () => {
  const ok = { titulo: 'Como pago o boleto?', descricao: 'Pelo aplicativo do seu banco.', parceiro: 'todos' };
  it.each([
    { input: { ...ok, titulo: '' }, field: 'titulo', message: 'O campo título da dúvida é obrigatório' },
    { input: { ...ok, titulo: '   ' }, field: 'titulo', message: 'O campo título da dúvida é obrigatório' },
    {
      input: { ...ok, descricao: '\n ' },
      field: 'descricao',
      message: 'O campo texto da dúvida é obrigatório',
    },
    {
      input: { titulo: '', descricao: '', parceiro: '' },
      field: 'titulo',
      message: 'O campo título da dúvida é obrigatório',
    },
    {
      input: { ...ok, titulo: 'ã'.repeat(201) },
      field: 'titulo',
      message: 'O título da dúvida deve ter no máximo 200 caracteres.',
    },
    {
      input: { ...ok, descricao: 'x'.repeat(5001) },
      field: 'descricao',
      message: 'O texto da dúvida deve ter no máximo 5000 caracteres.',
    },
    ...['', '0', 'outro', '1e3'].map((parceiro) => ({
      input: { ...ok, parceiro },
      field: 'parceiro',
      message: 'Selecione o parceiro ou "Todos os parceiros".',
    })),
  ])('$field: $message', ({ input, field, message }) => {
    expect(firstIssue(faqSchema, input)).toEqual({ ok: false, field, message });
  });

  it('accepts an entry at the limits, counting characters rather than bytes', () => {
    expect(firstIssue(faqSchema, ok)).toEqual({ ok: true, data: ok });
    expect(
      firstIssue(faqSchema, { titulo: 'ç'.repeat(200), descricao: 'é'.repeat(5000), parceiro: '12' }).ok,
    ).toBe(true);
  });

  it('trims and keeps inner line breaks as \\n', () => {
    expect(
      faqSchema.parse({ titulo: '  Título ', descricao: '\r\nLinha 1\r\nLinha 2\r\n', parceiro: 'todos' }),
    ).toEqual({ titulo: 'Título', descricao: 'Linha 1\nLinha 2', parceiro: 'todos' });
  });

  it('tells the shared list from a partner', () => {
    expect(faqPartnerId('todos')).toBeNull();
    expect(faqPartnerId('42')).toBe(42);
    expect(faqListCode(null)).toBe('todos');
    expect(faqListCode(42)).toBe('42');
  });
});
