import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formErrors } from '../validation/schema-errors';
import {
  canMovePrivacyStatus,
  nextPrivacyStatus,
  PRIVACY_PROTOCOL_PATTERN,
  PRIVACY_REQUEST_FAILURE,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_REQUEST_SUCCESS,
  PRIVACY_REQUEST_TYPES,
  type PrivacyRequestInput,
  privacyDeadlineText,
  privacyProtocol,
  privacyRequestDaysLeft,
  privacyRequestDueDate,
  privacyRequestSchema,
} from './privacy-request-form';

const errorsOf = (input: PrivacyRequestInput) => formErrors(privacyRequestSchema, input);

const valid: PrivacyRequestInput = {
  nome: ' Ana Souza ',
  telefone: '(11) 98765-4321',
  email: 'ana@example.com',
  tipoRequisicao: 'Acesso aos dados',
  solicitacao: 'Quero saber quais dados vocês têm sobre mim.',
};

const REQUIRED = 'Preencha todos os campos, por favor.';

describe('the rights request form (spec 000 §3, §5, §8)', () => {
  it('lists the ten request types of spec 000 §5, verbatim and in order', () => {
    expect(PRIVACY_REQUEST_TYPES).toEqual([
      'Acesso aos dados',
      'Confirmação da existência de tratamento',
      'Correção de dados',
      'Anonimização/bloqueio/eliminação',
      'Portabilidade',
      'Eliminação',
      'Informação sobre compartilhamento',
      'Revisão de decisões automatizadas',
      'Revogação de consentimento',
      'Outros',
    ]);
  });

  it('has the spec texts for success and failure', () => {
    expect(PRIVACY_REQUEST_SUCCESS).toBe(
      'Sua solicitação foi enviada com sucesso. Entraremos em contato em breve, para falar com você sobre a resolução da sua solicitação.',
    );
    expect(PRIVACY_REQUEST_FAILURE).toBe('Erro ao enviar a sua solicitação. Tente novamente mais tarde.');
  });

  it('accepts a complete request: text trimmed, phone unmasked', () => {
    expect(privacyRequestSchema.parse(valid)).toEqual({
      name: 'Ana Souza',
      phone: '11987654321',
      email: 'ana@example.com',
      requestType: 'Acesso aos dados',
      message: 'Quero saber quais dados vocês têm sobre mim.',
    });
  });

  it.each(PRIVACY_REQUEST_TYPES)('accepts the type %s', (tipoRequisicao) => {
    expect(errorsOf({ ...valid, tipoRequisicao })).toEqual({});
  });

  it.each<[keyof PrivacyRequestInput, string, string]>([
    ['nome', '', REQUIRED],
    ['nome', '   ', REQUIRED],
    ['nome', 'a'.repeat(121), 'O campo nome deve ter no máximo 120 caracteres.'],
    ['telefone', '', REQUIRED],
    ['telefone', '(11) 3333-4444', 'Digite um celular válido'],
    ['telefone', '(11) 98765-432', 'Digite um celular válido'],
    ['telefone', '(01) 98765-4321', 'Digite um celular válido'],
    ['telefone', '11 98765-4321 ramal', 'Digite um celular válido'],
    ['email', '', REQUIRED],
    ['email', 'ana@', 'Digite um e-mail válido'],
    ['email', 'ana souza@example.com', 'Digite um e-mail válido'],
    ['tipoRequisicao', '', REQUIRED],
    ['tipoRequisicao', 'Apagar tudo', 'Escolha o tipo de solicitação na lista.'],
    ['tipoRequisicao', 'acesso aos dados', 'Escolha o tipo de solicitação na lista.'],
    ['solicitacao', '', REQUIRED],
    ['solicitacao', '\n\t ', REQUIRED],
    ['solicitacao', 'x'.repeat(2001), 'O campo solicitação deve ter no máximo 2000 caracteres.'],
  ])('rejects %s = %j with %j', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('marks every missing field at once with the one spec message', () => {
    const empty = { nome: '', telefone: '', email: '', tipoRequisicao: '', solicitacao: '' };
    expect(errorsOf(empty)).toEqual({
      nome: REQUIRED,
      telefone: REQUIRED,
      email: REQUIRED,
      tipoRequisicao: REQUIRED,
      solicitacao: REQUIRED,
    });
  });

  it('counts characters, not UTF-16 units, against the caps', () => {
    expect(errorsOf({ ...valid, solicitacao: '😀'.repeat(2000) })).toEqual({});
    expect(errorsOf({ ...valid, nome: 'é'.repeat(120) })).toEqual({});
  });

  it('refuses a body without the fields (the wire contract makes an absent field empty first)', () => {
    const errors = errorsOf({ nome: 'Ana' } as unknown as PrivacyRequestInput);
    expect(Object.keys(errors)).toEqual(['telefone', 'email', 'tipoRequisicao', 'solicitacao']);
  });
});

describe('legal deadline: 15 calendar days after the Brasília date of receipt (LGPD art. 19 II)', () => {
  it.each([
    // A request at 23:30 in Brasília on 23/11 is 02:30 UTC on 24/11: the Brasília date counts.
    ['2026-11-24T02:30:00Z', '2026-12-08'],
    ['2026-11-23T03:00:00Z', '2026-12-08'],
    ['2026-11-23T02:59:59Z', '2026-12-07'],
    ['2026-12-20T15:00:00Z', '2027-01-04'],
    ['2028-02-14T12:00:00Z', '2028-02-29'],
    ['2027-02-14T12:00:00Z', '2027-03-01'],
  ])('received %s: due %s', (receivedAt, due) => {
    expect(privacyRequestDueDate(new Date(receivedAt))).toBe(due);
  });

  it.each([
    ['2026-12-08', '2026-11-23T15:00:00Z', 15],
    ['2026-12-08', '2026-12-08T15:00:00Z', 0],
    ['2026-12-08', '2026-12-09T02:59:00Z', 0],
    ['2026-12-08', '2026-12-09T03:00:00Z', -1],
    ['2026-12-08', '2026-12-20T12:00:00Z', -12],
  ])('due %s, now %s: %i days left', (due, now, days) => {
    expect(privacyRequestDaysLeft(due, new Date(now))).toBe(days);
  });

  it('is always 15 days left on the day of receipt', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (at) => {
          expect(privacyRequestDaysLeft(privacyRequestDueDate(at), at)).toBe(15);
        },
      ),
    );
  });

  it.each([
    [15, 'Faltam 15 dias'],
    [2, 'Faltam 2 dias'],
    [1, 'Falta 1 dia'],
    [0, 'Vence hoje'],
    [-1, 'Atrasada há 1 dia'],
    [-7, 'Atrasada há 7 dias'],
  ])('%i days left reads %j', (days, text) => {
    expect(privacyDeadlineText(days)).toBe(text);
  });
});

describe('protocol number', () => {
  it('is LGPD-<Brasília date>-<six characters from the random bytes>', () => {
    const bytes = Uint8Array.from([0, 31, 32, 18, 255, 9]);
    expect(privacyProtocol(new Date('2026-11-24T02:30:00Z'), bytes)).toBe('LGPD-20261123-0Z0JZ9');
  });

  it('always matches the pattern and never uses look-alike letters', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        fc.uint8Array({ minLength: 6, maxLength: 6 }),
        (at, bytes) => {
          const protocol = privacyProtocol(at, bytes);
          expect(protocol).toMatch(PRIVACY_PROTOCOL_PATTERN);
          expect(protocol.slice(14)).not.toMatch(/[ILOU]/);
        },
      ),
    );
  });

  it('needs six random bytes', () => {
    expect(() => privacyProtocol(new Date(), new Uint8Array(5))).toThrow(RangeError);
  });
});

describe('status', () => {
  it('moves forward only: open → in_progress → answered', () => {
    expect(PRIVACY_REQUEST_STATUSES).toEqual(['open', 'in_progress', 'answered']);
    expect(nextPrivacyStatus('open')).toBe('in_progress');
    expect(nextPrivacyStatus('in_progress')).toBe('answered');
    expect(nextPrivacyStatus('answered')).toBeNull();
  });

  it.each([
    ['open', 'in_progress', true],
    ['open', 'answered', true],
    ['in_progress', 'answered', true],
    ['open', 'open', false],
    ['in_progress', 'open', false],
    ['answered', 'in_progress', false],
    ['answered', 'answered', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMovePrivacyStatus(from, to)).toBe(allowed);
  });
});
