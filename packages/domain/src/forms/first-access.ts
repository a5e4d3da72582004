import { z } from 'zod';
import { isAdult, parseBrDate, todayInBrasilia } from '../dates';
import { documentKind } from '../document/cpf-cnpj';
import { isValidEmail } from '../validation/email';

// Spec 000 §3 first-access payload and §5 "First access (checked in this order; modal title 'Atenção')".

export const FIRST_ACCESS_TITLE = 'Atenção';

export const FIRST_ACCESS_MESSAGES = {
  dataNascimento: 'Digite sua data de nascimento',
  telefone: 'Digite um celular válido',
  email: 'Digite um e-mail válido',
  nome: 'Digite seu nome completo',
} as const;

export type FirstAccessField = keyof typeof FIRST_ACCESS_MESSAGES;

/**
 * Spec 000 §5 first access, every failing rule in the spec's order (the screen and the server report the first).
 * A company (CNPJ) is not asked for a birth date.
 */
export const firstAccessSchema = z
  .object({
    cpfCnpj: z.string(),
    dataNascimento: z.string(),
    telefone: z.string(),
    email: z.string(),
    /** Spec 000 §2: M, F, O, or empty for 'Prefiro não responder'. */
    sexo: z.enum(['', 'M', 'F', 'O']),
    nome: z.string(),
  })
  .superRefine((input, context) => {
    const fail = (field: FirstAccessField) =>
      context.addIssue({ code: 'custom', path: [field], message: FIRST_ACCESS_MESSAGES[field] });
    // Spec 000 §5 login: 18 or older. A date the login would refuse made a registration no one could log in with.
    const birthDate = parseBrDate(input.dataNascimento.trim());
    if (documentKind(input.cpfCnpj) !== 'cnpj' && !(birthDate && isAdult(birthDate, todayInBrasilia())))
      fail('dataNascimento');
    // Spec 000 §5/§9: at least 15 masked characters, i.e. a mobile number with area code.
    if (input.telefone.trim().length < 15) fail('telefone');
    if (!isValidEmail(input.email.trim())) fail('email');
    if (input.nome.trim().length < 4) fail('nome');
  });

/** Spec 000 §3 first-access payload: cpfCnpj, dataNascimento dd/mm/aaaa (not asked of a company), masked phone. */
export type FirstAccessInput = z.input<typeof firstAccessSchema>;
