import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH } from '../validation/email';
import { formErrors } from '../validation/schema-errors';
import { lineText, portugueseZodError } from '../validation/wire-fields';
import {
  AGREEMENT_CONTACT_MESSAGES,
  agreementContactSchema,
  CANNOT_PAY_REASONS,
  cannotPaySchema,
  DEBT_REQUEST_MESSAGES,
  proposalInstalmentIssue,
  proposalSchema,
} from './requests';

describe('proposalSchema (spec 001 §5)', () => {
  it('turns a valid proposal into centavos', () => {
    expect(
      proposalSchema.parse({ entrada: 'R$ 100,00', quantidade_parcelas: '12', valor_parcela: 'R$ 50,50' }),
    ).toEqual({ entryCents: 10_000, instalmentCount: 12, instalmentCents: 5_050 });
  });

  it('names every failing field with its message', () => {
    expect(formErrors(proposalSchema, { entrada: '', quantidade_parcelas: '0', valor_parcela: '' })).toEqual({
      entrada: DEBT_REQUEST_MESSAGES.entryInvalid,
      quantidade_parcelas: DEBT_REQUEST_MESSAGES.countInvalid,
      valor_parcela: DEBT_REQUEST_MESSAGES.instalmentInvalid,
    });
  });

  it('takes an empty instalment value when there is an entry, and at most 360 instalments', () => {
    expect(
      formErrors(proposalSchema, { entrada: '10,00', quantidade_parcelas: '360', valor_parcela: '' }),
    ).toEqual({});
    expect(
      formErrors(proposalSchema, { entrada: '10,00', quantidade_parcelas: '361', valor_parcela: '' }),
    ).toEqual({ quantidade_parcelas: DEBT_REQUEST_MESSAGES.countInvalid });
  });
});

describe("proposalInstalmentIssue (decision 027: the store's minimum instalment)", () => {
  it.each([
    ['below the minimum', 5, 'Digite um valor de parcela de pelo menos R$\u00a050,00'],
    ['one centavo below', 4_999, 'Digite um valor de parcela de pelo menos R$\u00a050,00'],
    ['the minimum', 5_000, null],
    ['above it', 12_000, null],
    ['no instalment value (an entry alone)', 0, null],
  ])('%s', (_name, instalmentCents, issue) => {
    expect(proposalInstalmentIssue({ entryCents: 10_000, instalmentCount: 3, instalmentCents }, 5_000)).toBe(
      issue,
    );
  });
});

describe('cannotPaySchema (spec 001 §5)', () => {
  it.each([
    ['', { motivo: DEBT_REQUEST_MESSAGES.reasonRequired }],
    ['Outro', { motivo: DEBT_REQUEST_MESSAGES.reasonRequired }],
    [CANNOT_PAY_REASONS[0], {}],
  ])('%s -> %o', (motivo, expected) => expect(formErrors(cannotPaySchema, { motivo })).toEqual(expected));
});

describe('agreementContactSchema (spec 001 §5 agreement confirm)', () => {
  const M = AGREEMENT_CONTACT_MESSAGES;
  it.each([
    [{ telefone: '(11) 3333-4444', email: 'ana@example.com' }, {}],
    [
      { telefone: ' ', email: '' },
      { telefone: M.telefone, email: M.email },
    ],
    // Filled in, but wrong: the message says what is wrong, not that the field is missing.
    [
      { telefone: '98765-4321', email: 'ana@example' },
      { telefone: M.telefoneInvalid, email: M.emailInvalid },
    ],
    [
      { telefone: '(11) 3333-4444', email: `${'a'.repeat(60)}@${'b'.repeat(240)}.com` },
      { email: M.emailTooLong },
    ],
  ])('%o -> %o', (input, expected) => expect(formErrors(agreementContactSchema, input)).toEqual(expected));

  it("says a too-long e-mail as the wire's own limit does, so the server answers what the form said", () => {
    const wire = lineText(EMAIL_MAX_LENGTH).safeParse('a'.repeat(300), { error: portugueseZodError });
    expect(wire.error?.issues[0]?.message).toBe(M.emailTooLong);
  });
});
