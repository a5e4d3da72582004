import { normalizeDocument } from '@portal/domain';
import type { Db } from '../../db/client';
import { findPersonByDocument } from '../../repositories/person-repository';

/** A query parameter whose value names a person: the audit of a read keeps whom it names, never the text (decision 070). */
const PERSON_SEARCH = /([?&])cpf_cnpj=([^&]*)/g;

function typedDocument(raw: string): string {
  try {
    return normalizeDocument(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    // A malformed escape is not decoded by the route either: nobody's document.
    return '';
  }
}

/**
 * A read's query as its audit row keeps it: a CPF/CNPJ searched for becomes `pessoa={id}`, the portal's own reference
 * to the person who has it, or `pessoa=nenhuma` when nobody has it (no one's data was shown); the other parameters
 * (page, partner, status, dates) as sent.
 */
export async function auditedQuery(db: Db, query: string): Promise<string> {
  const references = await Promise.all(
    [...query.matchAll(PERSON_SEARCH)].map(async ([, , raw]) => {
      const document = typedDocument(raw ?? '');
      const person = document === '' ? undefined : await findPersonByDocument(db, document);
      return person ? String(person.id) : 'nenhuma';
    }),
  );
  let next = 0;
  return query.replace(PERSON_SEARCH, (_, separator: string) => `${separator}pessoa=${references[next++]}`);
}
