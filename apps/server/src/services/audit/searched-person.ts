import { normalizeDocument } from '@portal/domain';
import type { Db } from '../../db/client';
import { findPersonByDocument } from '../../repositories/person-repository';

/** A query parameter whose value names a person: the audit of a read keeps whom it names, never the text (decision 070). */
const PERSON_SEARCH = 'cpf_cnpj';

const CODES = /^[0-9,]*$/;
const DATES = /^[0-9/-]*$/;
const NAMES = /^[a-z_]{0,30}$/;
/**
 * The staff reads' parameters that name no one, each with the values it can take (ids, dates, a status or filter's
 * name, a page): kept as sent when its value is one of those (decision 080).
 */
const NON_PERSONAL: Record<string, RegExp> = {
  page: CODES,
  parceiro: CODES,
  loja: CODES,
  responsavel: CODES,
  usuario: CODES,
  parcelas: CODES,
  segundas_vias: CODES,
  download: CODES,
  de: DATES,
  ate: DATES,
  data_inicial: DATES,
  data_final: DATES,
  status: NAMES,
  situacao: NAMES,
  forma_pagamento: NAMES,
  a: NAMES,
  b: NAMES,
};
/** What an audit row keeps of any other parameter's value: free text may name anyone (decision 080). */
export const OMITTED = 'omitido';

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is not decoded by the route either.
    return undefined;
  }
}

async function personReference(db: Db, raw: string): Promise<string> {
  const text = decoded(raw);
  const document = text === undefined ? '' : normalizeDocument(text);
  const person = document === '' ? undefined : await findPersonByDocument(db, document);
  return person ? String(person.id) : 'nenhuma';
}

async function auditedParameter(db: Db, parameter: string): Promise<string> {
  const [rawName = '', ...rest] = parameter.split('=');
  const raw = rest.join('=');
  const name = decoded(rawName) ?? '';
  if (name === PERSON_SEARCH) return `pessoa=${await personReference(db, raw)}`;
  const value = decoded(raw);
  const allowed = NON_PERSONAL[name];
  if (allowed && value !== undefined && allowed.test(value)) return parameter;
  return `${/^[a-z_]{1,30}$/.test(name) ? name : OMITTED}=${OMITTED}`;
}

/**
 * A read's query as its audit row keeps it: a CPF/CNPJ searched for becomes `pessoa={id}`, the portal's own reference
 * to the person who has it, or `pessoa=nenhuma` when nobody has it (no one's data was shown, decision 070); the
 * parameters that name no one (page, partner, status, dates) as sent; any other parameter, or one of those with a
 * value they cannot take, as `{name}=omitido` (decision 080).
 */
export async function auditedQuery(db: Db, query: string): Promise<string> {
  const parameters = query.slice(1).split('&');
  const kept = await Promise.all(parameters.map((parameter) => auditedParameter(db, parameter)));
  return `?${kept.join('&')}`;
}
