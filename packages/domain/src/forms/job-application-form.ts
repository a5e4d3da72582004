// Job form, WorkWithUs (spec 002 §2 "Job form", §3 "Job form option lists", §5 "Job form", §8): shared by the
// browser form and the server, so both refuse the same input with the same Portuguese text.

import { z } from 'zod';
import { isValidEmail } from '../validation/email';
import { CONTACT_MESSAGES } from './contact-form';
import { isValidMobile } from './lead-form';

/** Spec 002 §3 "Vacancy levels", in the spec's order; the value sent is the text itself. */
export const JOB_VACANCY_LEVELS = ['estagiário', 'trainee', 'júnior', 'pleno', 'sênior'] as const;

/** Spec 002 §3 "Interest areas", in the spec's order; the value sent is the text itself. */
export const JOB_INTEREST_AREAS = [
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
] as const;

export type JobVacancyLevel = (typeof JOB_VACANCY_LEVELS)[number];
export type JobInterestArea = (typeof JOB_INTEREST_AREAS)[number];

/** The CV cap: 5 MB of the decoded file (the base64 text of the request is a third larger). */
export const JOB_CV_MAX_BYTES = 5 * 1024 * 1024;

export const JOB_LIMITS = { nameMin: 3, textMax: 120, messageMax: 2000 } as const;

export const JOB_MESSAGES = {
  /** Spec 002 §8, as the spec says it reads. */
  required: 'Preencha todos os campos obrigatórios.',
  /** Spec 002 §8 "fail". */
  failure: 'Erro ao enviar a sua proposta. Tente novamente mais tarde.',
  /** Spec 002 §8: "success message about joining the team (text not shown)"; ours. */
  success:
    'Recebemos a sua candidatura! Obrigado por querer fazer parte da nossa equipe. Se o seu perfil combinar com uma das nossas vagas, entraremos em contato.',
  nameShort: 'Por favor, digite o seu nome completo',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  phone: 'Digite um celular válido',
  email: 'Digite um e-mail válido',
  option: 'Escolha uma das opções da lista.',
  consent: CONTACT_MESSAGES.agreement,
  cv: 'O currículo deve ser um arquivo PDF de até 5 MB.',
  /** The partner has no job form (capability workWithUsMenu off). */
  unavailable: 'O formulário "Trabalhe conosco" não está disponível neste portal.',
  /** Back office (decision 051): an application erased, in the words of the spec's snackbars (§8). */
  deleted: 'Candidatura excluída com sucesso!',
  /** Back office: no such application, or another partner's. */
  notFound: 'Candidatura não encontrada.',
} as const;

/** The fields of the job form as sent (the CV travels apart, as base64). */
export interface JobApplicationInput {
  nome: string;
  telefone: string;
  email: string;
  tipoDeAtuacao: string;
  interesse: string;
  mensagem: string;
  consentimento: boolean;
}

/** A validated application: phone unmasked, text trimmed. */
export interface JobApplication {
  name: string;
  phone: string;
  email: string;
  vacancyLevel: JobVacancyLevel;
  interestArea: JobInterestArea;
  message: string;
}

export type JobApplicationErrors = Partial<Record<keyof JobApplicationInput | 'curriculo', string>>;

const length = (s: string) => Array.from(s).length;
const required = () => z.string().trim().min(1, JOB_MESSAGES.required);
const option = (options: readonly string[]) =>
  required().refine((value) => options.includes(value), JOB_MESSAGES.option);

/**
 * The job form's rules, in the browser and on the server: one message per invalid field, all at once, in the spec's
 * order; the output is the fields trimmed (jobApplicationOf makes the application to store). The CV travels apart
 * and is checked apart (cvProblem).
 */
export const jobApplicationSchema = z.object({
  nome: required()
    .refine((name) => length(name) >= JOB_LIMITS.nameMin, JOB_MESSAGES.nameShort)
    .refine((name) => length(name) <= JOB_LIMITS.textMax, JOB_MESSAGES.tooLong(JOB_LIMITS.textMax)),
  telefone: required().refine(isValidMobile, JOB_MESSAGES.phone),
  email: required().refine(isValidEmail, JOB_MESSAGES.email),
  tipoDeAtuacao: option(JOB_VACANCY_LEVELS),
  interesse: option(JOB_INTEREST_AREAS),
  mensagem: z
    .string()
    .trim()
    .refine(
      (message) => length(message) <= JOB_LIMITS.messageMax,
      JOB_MESSAGES.tooLong(JOB_LIMITS.messageMax),
    ),
  consentimento: z.boolean().refine((agreed) => agreed, JOB_MESSAGES.consent),
});

/** The application to store, from the schema's output: phone unmasked. */
export function jobApplicationOf(values: z.output<typeof jobApplicationSchema>): JobApplication {
  return {
    name: values.nome,
    phone: values.telefone.replace(/\D/g, ''),
    email: values.email,
    vacancyLevel: values.tipoDeAtuacao as JobVacancyLevel,
    interestArea: values.interesse as JobInterestArea,
    message: values.mensagem,
  };
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

/** A PDF by content: it starts with '%PDF-' (a text file renamed .pdf does not). */
export function startsLikePdf(head: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => head[index] === byte);
}

/**
 * The CV's problem, or null when it is fine: a PDF by content of at most JOB_CV_MAX_BYTES. `head` is at least the
 * first five bytes of the file; the name and the declared type are never trusted.
 */
export function cvProblem(file: { size: number; head: Uint8Array }): string | null {
  if (file.size === 0 || file.size > JOB_CV_MAX_BYTES || !startsLikePdf(file.head)) return JOB_MESSAGES.cv;
  return null;
}

/**
 * The decoded size of a base64 text (padding counted), so an oversized CV is refused before it is decoded; null
 * when the text is not base64.
 */
export function base64DecodedSize(base64: string): number | null {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** One application as the back office lists it (GET /api/candidaturas). */
export interface JobApplicationListItem {
  id: number;
  parceiro: { id: number; nome: string; identificador: string };
  nome: string;
  /** Digits only. */
  telefone: string;
  email: string;
  tipoDeAtuacao: string;
  interesse: string;
  mensagem: string;
  /** The staff-only download, or null without a CV. */
  curriculo: { url: string; bytes: number } | null;
  /** ISO instant. */
  criadoEm: string;
}

/** GET /api/candidaturas?page=N: one page, newest first, and the paging facts. */
export interface JobApplicationListPage {
  data: JobApplicationListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}
