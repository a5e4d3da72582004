import { isValidCpfCnpj, normalizeDocument } from '@portal/domain';
import { matchPath } from 'react-router';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

// Spec 001 §2: the main menu (and MyDebits) can be opened by another system with the person's CPF in the path
// and the origin channel and advisory codes in the query. Such an entry hides the cookie/LGPD box and the
// Voltar button for the rest of the visit (this tab), also on the screens that follow it.

const FLAG = 'portal:entradaExterna';
export const CPF_ROUTES = ['/menu/:cpf', '/minhas-dividas/:cpf'] as const;

export interface ExternalEntry {
  /** Normalized CPF/CNPJ, or null when the parameter is not a valid one. */
  cpfCnpj: string | null;
  enumCanalOrigem?: string;
  codAssessoriaSenff?: string;
}

/** The entry described by a path with a cpf parameter and its query, or null for any other path. */
export function readExternalEntry(pathname: string, search: string): ExternalEntry | null {
  const params = CPF_ROUTES.map((route) => matchPath(route, pathname)).find(Boolean)?.params;
  if (!params?.cpf) return null;
  const document = normalizeDocument(params.cpf);
  const query = new URLSearchParams(search);
  const entry: ExternalEntry = { cpfCnpj: isValidCpfCnpj(document) ? document : null };
  const channel = query.get('enumCanalOrigem')?.trim();
  const advisory = query.get('codAssessoriaSenff')?.trim();
  if (channel) entry.enumCanalOrigem = channel;
  if (advisory) entry.codAssessoriaSenff = advisory;
  return entry;
}

export function markExternalEntry(): void {
  writeStorage(FLAG, '1', 'session');
}

export function clearExternalEntry(): void {
  removeStorage(FLAG, 'session');
}

/** True on a cpf-parameter path, or anywhere after one in this tab. */
/** A path with the cpf parameter (known from the path alone, also on the server). */
export function isCpfRoute(pathname: string): boolean {
  return CPF_ROUTES.some((route) => matchPath(route, pathname));
}

export function isExternalEntry(pathname: string): boolean {
  return isCpfRoute(pathname) || readStorage(FLAG, 'session') === '1';
}
