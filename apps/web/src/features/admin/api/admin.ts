import { type PasswordChangeInput, type StaffRoleName, UNAUTHENTICATED } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModalOptions } from '../../../components/ui/Modal';
import { ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/files';
import { clearCredentials, readCredentials } from '../lib/credentials';

// Admin API client (spec 002 §7): JSON, `Authorization: Bearer <access_token>`. Failures come as AdminApiError with
// the server's `message` and, on a 400/422, `{ field: message }` in `dados`. Every query key of the back office
// starts with ADMIN_KEY, so logging in or out forgets the previous staff member's data at once.

export const ADMIN_KEY = 'admin';

/**
 * Back-office data is shared by every staff member (and changed by other screens): a list or report opened again is
 * read again, showing what the cache had meanwhile.
 */
export const READ_ON_OPEN = { staleTime: 0 } as const;

/**
 * An ApiError of the admin API, so the app's retry rule (no retry of a 4xx) and the forms' server-error mapping
 * (`showServerErrors`, which also takes the 422 of a wrong current password) treat it like any other.
 */
export class AdminApiError extends ApiError {
  readonly fields: Record<string, string>;
  /** The answer's `dados` as sent (e.g. a refused retorno's errors by line). */
  readonly details: unknown;

  constructor(status: number, message: string, fields: Record<string, string> = {}, details: unknown = null) {
    super(status, message, { retorno: false, dados: fields, mensagem: message });
    this.name = 'AdminApiError';
    this.fields = fields;
    this.details = details;
  }

  override get fieldErrors(): Record<string, string> {
    return this.fields;
  }

  /** The token is missing, expired or revoked: the back office goes to the login, with no modal (spec 002 §6). */
  get unauthenticated(): boolean {
    return this.status === 401 && this.message === UNAUTHENTICATED;
  }
}

/** Sends one admin request with the stored bearer token; a network failure is AdminApiError status 0. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(
  method: Method,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<{ response: Response; json: Record<string, unknown> | undefined }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A Blob body is a file's bytes, sent as they are (a CNAB retorno: the server decodes it as the CLI does, so the
  // same file is the same content); anything else is JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
  const bearer = token ?? readCredentials()?.token;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined || file ? (body as Blob | undefined) : JSON.stringify(body),
    });
  } catch {
    throw new AdminApiError(0, '');
  }
  let json: Record<string, unknown> | undefined;
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { response, json };
}

/** The failure of an answer: its message, `{ field: message }` from `dados`; 'Unauthenticated' forgets the token. */
export function adminFailure(status: number, message: unknown, dados: unknown): AdminApiError {
  const fields: Record<string, string> = {};
  if (dados && typeof dados === 'object' && !Array.isArray(dados))
    for (const [field, text] of Object.entries(dados)) if (typeof text === 'string') fields[field] = text;
  const error = new AdminApiError(status, typeof message === 'string' ? message : '', fields, dados);
  if (error.unauthenticated) clearCredentials();
  return error;
}

export async function adminCall<T>(method: Method, path: string, body?: unknown, token?: string): Promise<T> {
  const { response, json } = await send(method, path, body, token);
  if (!response.ok) throw adminFailure(response.status, json?.message, json?.dados);
  return json as T;
}

/**
 * Saves a file of the admin API as `fileName`. The route needs the bearer token, which a link cannot carry, so the
 * file is fetched and handed to the browser from memory (docs/api.md "Reports"); failures as in `adminCall`.
 */
export async function adminDownload(path: string, fileName: string): Promise<void> {
  const bearer = readCredentials()?.token;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminApiError(0, '');
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    throw adminFailure(response.status, json?.message, json?.dados);
  }
  saveFile(await response.blob(), fileName);
}

/**
 * A back-office call of the portal API (`POST /api.php?a=portal&b=<action>`, JSON, with the bearer token): the
 * envelope's `dados`, or an AdminApiError with its `mensagem` for a non-2xx answer or `retorno: false`.
 */
export async function adminPortalCall<T>(action: string, body: Record<string, unknown> = {}): Promise<T> {
  const { response, json } = await send(
    'POST',
    `/api.php?a=portal&b=${encodeURIComponent(action)}`,
    body,
    undefined,
  );
  if (!response.ok || json?.retorno !== true)
    throw adminFailure(response.status, json?.mensagem, json?.dados);
  return json.dados as T;
}

/**
 * Spec 002 §8 "Admin API errors": the server message in a modal, 'Call to a member function toArray() on null'
 * read as 'URL não encontrada.', nothing for 'Unauthenticated', a connectivity hint when nothing came back. An answer
 * without a message reads `failText`: the screen's own text where spec 002 §8 gives one ('Não foi possivel cadastrar
 * esta dúvida'), else 'Ocorreu um erro. Tente novamente'.
 */
export function adminErrorModal(
  error: unknown,
  failText = 'Ocorreu um erro. Tente novamente',
): ModalOptions | null {
  if (error instanceof AdminApiError) {
    if (error.unauthenticated) return null;
    if (error.message === 'Call to a member function toArray() on null')
      return { title: 'Ocorreu um erro', text: 'URL não encontrada.', style: 'danger' };
    if (error.message) return { title: 'Atenção', text: error.message, style: 'danger' };
  }
  if (error instanceof AdminApiError && error.status !== 0)
    return { title: 'Ocorreu um erro', text: failText, style: 'danger' };
  return {
    title: 'Ocorreu um erro!',
    text: 'Verifique a sua conexão com a internet e tente novamente.',
    style: 'danger',
  };
}

export interface LoginAnswer {
  access_token: string;
  userId: number;
  username: string;
  expires_at: string;
  /** A password an administrator set: the back office opens the password change first. */
  must_change_password: boolean;
}

/** `captcha`: the ALTCHA answer, asked for by the server after repeated failures for the user name. */
const logIn = (username: string, password: string, captcha?: string) =>
  adminCall<LoginAnswer>('POST', '/api/login', { username, password, ...(captcha ? { captcha } : {}) });

/** Revokes a token on the server; `token` defaults to the stored one. */
export const logOut = (token?: string) => adminCall<{ message: string }>('POST', '/api/logout', {}, token);

/** The logged-in staff member: role, an operator's partners (null: every partner), a password to change. */
export interface StaffUser {
  id: number;
  username: string;
  papel: StaffRoleName;
  parceiros: number[] | null;
  trocar_senha: boolean;
}

const fetchMe = async () => (await adminCall<{ data: StaffUser }>('GET', '/api/me')).data;

/** The logged-in staff member (GET /api/me). */
const meKey = [ADMIN_KEY, 'me'] as const;

export const useMe = () => useQuery({ queryKey: meKey, queryFn: fetchMe });

export const useLogIn = () =>
  useMutation({
    mutationFn: (input: { username: string; password: string; captcha: string | undefined }) =>
      logIn(input.username, input.password, input.captcha),
  });

/** The password change; `me` is read again (a password an administrator set is no longer to be changed). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      adminCall<{ message: string }>('PUT', '/api/editar_senha', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
