import { describe, expect, it } from 'vitest';
import { formErrors } from '../validation/schema-errors';
import {
  base64DecodedSize,
  cvProblem,
  JOB_CV_MAX_BYTES,
  JOB_INTEREST_AREAS,
  JOB_MESSAGES,
  JOB_VACANCY_LEVELS,
  type JobApplicationInput,
  jobApplicationOf,
  jobApplicationSchema,
  startsLikePdf,
} from './job-application-form';

const errorsOf = (input: JobApplicationInput) => formErrors(jobApplicationSchema, input);

const valid: JobApplicationInput = {
  nome: 'Ana Souza',
  telefone: '(11) 98765-4321',
  email: 'ana@example.com',
  tipoDeAtuacao: 'pleno',
  interesse: 'desenvolvedor front-end',
  mensagem: '  Gosto de acessibilidade.  ',
  consentimento: true,
};

const bytes = (text: string) => new TextEncoder().encode(text);

describe('job form option lists (spec 002 §3)', () => {
  it('has the vacancy levels and interest areas of the spec, in order', () => {
    expect(JOB_VACANCY_LEVELS).toEqual(['estagiário', 'trainee', 'júnior', 'pleno', 'sênior']);
    expect(JOB_INTEREST_AREAS).toEqual([
      'analista de negócio',
      'analista de sistemas',
      'desenvolvedor back-end',
      'desenvolvedor front-end',
      'desenvolvedor fullstack',
      'marketing',
      'recursos humanos',
      'suporte',
      'teste',
      'vendas',
      'outros',
    ]);
  });
});

describe('jobApplicationSchema (spec 002 §5 "Job form", §8)', () => {
  it('accepts a complete application, unmasks the phone and trims the text', () => {
    expect(jobApplicationOf(jobApplicationSchema.parse(valid))).toEqual({
      name: 'Ana Souza',
      phone: '11987654321',
      email: 'ana@example.com',
      vacancyLevel: 'pleno',
      interestArea: 'desenvolvedor front-end',
      message: 'Gosto de acessibilidade.',
    });
  });

  it('accepts an empty message (not required)', () => {
    expect(errorsOf({ ...valid, mensagem: '' })).toEqual({});
  });

  it.each<[Partial<JobApplicationInput>, keyof JobApplicationInput, string]>([
    [{ nome: ' ' }, 'nome', 'Preencha todos os campos obrigatórios.'],
    [{ telefone: '' }, 'telefone', 'Preencha todos os campos obrigatórios.'],
    [{ email: '' }, 'email', 'Preencha todos os campos obrigatórios.'],
    [{ tipoDeAtuacao: '' }, 'tipoDeAtuacao', 'Preencha todos os campos obrigatórios.'],
    [{ interesse: '' }, 'interesse', 'Preencha todos os campos obrigatórios.'],
    [{ nome: 'Al' }, 'nome', JOB_MESSAGES.nameShort],
    [{ nome: 'a'.repeat(121) }, 'nome', 'Use no máximo 120 caracteres.'],
    [{ telefone: '(11) 3333-4444' }, 'telefone', 'Digite um celular válido'],
    [{ email: 'ana@' }, 'email', 'Digite um e-mail válido'],
    [{ tipoDeAtuacao: 'diretor' }, 'tipoDeAtuacao', JOB_MESSAGES.option],
    [{ interesse: 'astronauta' }, 'interesse', JOB_MESSAGES.option],
    [{ mensagem: 'x'.repeat(2001) }, 'mensagem', 'Use no máximo 2000 caracteres.'],
    [{ consentimento: false }, 'consentimento', 'Marque a caixa de consentimento para enviar.'],
  ])('refuses %o on %s with its message', (override, field, message) => {
    expect(errorsOf({ ...valid, ...override })).toEqual({ [field]: message });
  });

  it('marks every missing field at once', () => {
    const errors = errorsOf({
      nome: '',
      telefone: '',
      email: '',
      tipoDeAtuacao: '',
      interesse: '',
      mensagem: '',
      consentimento: false,
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['consentimento', 'email', 'interesse', 'nome', 'telefone', 'tipoDeAtuacao'].sort(),
    );
  });
});

describe('CV checks (PDF by content, at most 5 MB)', () => {
  it.each<[string, Uint8Array, boolean]>([
    ['a PDF header', bytes('%PDF-1.7\n'), true],
    ['a text file renamed .pdf', bytes('Meu currículo'), false],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]), false],
    ['a lower-case header', bytes('%pdf-1.4'), false],
    ['too few bytes', bytes('%PDF'), false],
    ['a header not at the start', bytes(' %PDF-1.4'), false],
  ])('startsLikePdf: %s', (_name, head, expected) => {
    expect(startsLikePdf(head)).toBe(expected);
  });

  it.each<[string, number, string, string | null]>([
    ['a small PDF', 1024, '%PDF-', null],
    ['exactly 5 MB', JOB_CV_MAX_BYTES, '%PDF-', null],
    ['one byte over 5 MB', JOB_CV_MAX_BYTES + 1, '%PDF-', JOB_MESSAGES.cv],
    ['an empty file', 0, '', JOB_MESSAGES.cv],
    ['not a PDF', 1024, 'GIF89', JOB_MESSAGES.cv],
  ])('cvProblem: %s', (_name, size, head, expected) => {
    expect(cvProblem({ size, head: bytes(head) })).toBe(expected);
  });

  it('the cap is 5 * 1024 * 1024 bytes and its message says so', () => {
    expect(JOB_CV_MAX_BYTES).toBe(5_242_880);
    expect(JOB_MESSAGES.cv).toBe('O currículo deve ser um arquivo PDF de até 5 MB.');
  });

  it.each<[string, number | null]>([
    ['', 0],
    ['JVBERi0=', 5],
    ['JVBERi0x', 6],
    ['JVBERg==', 4],
    ['JVBER', null],
    ['JVB$Ri0x', null],
    ['JV=ERi0x', null],
  ])('base64DecodedSize(%j) = %s', (text, expected) => {
    expect(base64DecodedSize(text)).toBe(expected);
    if (expected !== null) expect(atob(text).length).toBe(expected);
  });
});
