import { type PasswordChangeInput, UNAUTHENTICATED } from '@portal/domain';
import type { ModalOptions } from '../../../components/ui/Modal';
import { clearCredentials, readCredentials } from '../lib/credentials';

// Admin API client (spec 002 §7): JSON, `Authorization: Bearer <access_token>`. Failures come as AdminApiError with
// the server's `message` and, on a 400/422, `{ field: message }` in `dados`.

export class AdminApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.fields = fields;
  }

  /** The token is missing, expired or revoked: the back office goes to the login, with no modal (spec 002 §6). */
  get unauthenticated(): boolean {
    return this.status === 401 && this.message === UNAUTHENTICATED;
  }
}

async function adminCall<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const bearer = token ?? readCredentials()?.token;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
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
  if (!response.ok) {
    const message = typeof json?.message === 'string' ? json.message : '';
    const dados = json?.dados;
    const fields: Record<string, string> = {};
    if (dados && typeof dados === 'object' && !Array.isArray(dados))
      for (const [field, text] of Object.entries(dados)) if (typeof text === 'string') fields[field] = text;
    const error = new AdminApiError(response.status, message, fields);
    if (error.unauthenticated) clearCredentials();
    throw error;
  }
  return json as T;
}

/**
 * Spec 002 §8 "Admin API errors": the server message in a modal, 'Call to a member function toArray() on null'
 * read as 'URL não encontrada.', nothing for 'Unauthenticated', a connectivity hint when nothing came back.
 */
export function adminErrorModal(error: unknown): ModalOptions | null {
  if (error instanceof AdminApiError) {
    if (error.unauthenticated) return null;
    if (error.message === 'Call to a member function toArray() on null')
      return { title: 'Ocorreu um erro', text: 'URL não encontrada.', style: 'danger' };
    if (error.message) return { title: 'Atenção', text: error.message, style: 'danger' };
  }
  if (error instanceof AdminApiError && error.status !== 0)
    return { title: 'Ocorreu um erro', text: 'Ocorreu um erro. Tente novamente', style: 'danger' };
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
}

export const logIn = (username: string, password: string) =>
  adminCall<LoginAnswer>('POST', '/api/login', { username, password });

/** Revokes a token on the server; `token` defaults to the stored one. */
export const logOut = (token?: string) => adminCall<{ message: string }>('POST', '/api/logout', {}, token);

export const fetchMe = () => adminCall<{ data: { id: number; username: string } }>('GET', '/api/me');

export const changePassword = (input: PasswordChangeInput) =>
  adminCall<{ message: string }>('PUT', '/api/editar_senha', input);
