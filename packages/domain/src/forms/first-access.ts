import { parseBrDate } from '../dates';
import { documentKind } from '../document/cpf-cnpj';
import { isValidEmail } from '../validation/email';

// Spec 000 §3 first-access payload and §5 "First access (checked in this order; modal title 'Atenção')".

export interface FirstAccessInput {
  cpfCnpj: string;
  /** dd/mm/aaaa; not asked of a company (CNPJ). */
  dataNascimento: string;
  /** Masked (##) #####-####. */
  telefone: string;
  email: string;
  nome: string;
}

export const FIRST_ACCESS_TITLE = 'Atenção';

export const FIRST_ACCESS_MESSAGES = {
  dataNascimento: 'Digite sua data de nascimento',
  telefone: 'Digite um celular válido',
  email: 'Digite um e-mail válido',
  nome: 'Digite seu nome completo',
} as const;

export type FirstAccessField = keyof typeof FIRST_ACCESS_MESSAGES;

/** The first rule that fails, in the spec's order, or null when the form is valid. */
export function validateFirstAccess(
  input: FirstAccessInput,
): { field: FirstAccessField; message: string } | null {
  const failed = (field: FirstAccessField) => ({ field, message: FIRST_ACCESS_MESSAGES[field] });
  if (documentKind(input.cpfCnpj) !== 'cnpj' && !parseBrDate(input.dataNascimento.trim()))
    return failed('dataNascimento');
  // Spec 000 §5/§9: at least 15 masked characters, i.e. a mobile number with area code.
  if (input.telefone.trim().length < 15) return failed('telefone');
  if (!isValidEmail(input.email.trim())) return failed('email');
  if (input.nome.trim().length < 4) return failed('nome');
  return null;
}
