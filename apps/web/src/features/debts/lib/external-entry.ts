import { isValidCpfCnpj, normalizeDocument } from '@portal/domain';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

// Spec 001 §2: the main menu (and MyDebits) can be opened by another system with the person's CPF in the path
// and the origin channel and advisory codes in the query. Such an entry hides the cookie/LGPD box and the
// Voltar button for the rest of the visit (this tab), also on the screens that follow it.

const FLAG = 'portal:entradaExterna';
export const CPF_ROUTES = ['/menu/:cpf', '/minhas-dividas/:cpf'] as const;
// The same two paths as a pattern: the cookie banner (landing entry) asks this without loading the router.
const CPF_PATH = /^\/(?:menu|minhas-dividas)\/([^/]+)\/?$/;

/** The path's cpf parameter, decoded; null on any other path (or a malformed escape). */
function cpfParameter(pathname: string): string | null {
  const encoded = CPF_PATH.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export interface ExternalEntry {
  /** Normalized CPF/CNPJ, or null when the parameter is not a valid one. */
  cpfCnpj: string | null;
  enumCanalOrigem?: string;
  codAssessoriaSenff?: string;
}

/** The entry described by a path with a cpf parameter and its query, or null for any other path. */
export function readExternalEntry(pathname: string, search: string): ExternalEntry | null {
  const cpf = cpfParameter(pathname);
  if (!cpf) return null;
  const document = normalizeDocument(cpf);
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
  return cpfParameter(pathname) !== null;
}

export function isExternalEntry(pathname: string): boolean {
  return isCpfRoute(pathname) || readStorage(FLAG, 'session') === '1';
}
