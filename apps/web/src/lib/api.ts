import type { PartnerConfig } from '@portal/domain';

/** The answer envelope of the portal API (`POST /api.php?a=<area>&b=<action>`). */
export interface Envelope<T = unknown> {
  retorno: boolean;
  dados: T;
  mensagem: string;
}

/**
 * A call that did not answer 2xx. `status` is 0 for a network failure (offline, DNS, aborted).
 * On a 400, and on a 413 (a body over the route's limit, decision 059), the server may send `dados` as
 * `{ field: message }`; `fieldErrors` exposes it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope | undefined;

  constructor(status: number, message: string, envelope?: Envelope) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }

  get fieldErrors(): Record<string, string> {
    const dados = this.envelope?.dados;
    if (
      (this.status !== 400 && this.status !== 413) ||
      !dados ||
      typeof dados !== 'object' ||
      Array.isArray(dados)
    )
      return {};
    const out: Record<string, string> = {};
    for (const [field, message] of Object.entries(dados as Record<string, unknown>)) {
      if (typeof message === 'string') out[field] = message;
    }
    return out;
  }
}

/** The server's message of a failed call, or `fallback` (network failure, no message). */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.envelope?.mensagem) || fallback;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'retorno' in value;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

// Spec 000 §7: any answer with retorno false is also recorded as an error step, with the last step logged
// (logStep keeps it here), the answer and its message. Fire and forget; never for the step calls themselves.
let lastStep: { code: number; cpfCnpj: string } | null = null;

export function rememberStep(code: number, cpfCnpj: string): void {
  lastStep = { code, cpfCnpj };
}

function reportErrorStep(area: string, action: string, envelope: Envelope): void {
  if (!lastStep || (area === 'portal' && (action === 'salvarEtapa' || action === 'salvarEtapaErro'))) return;
  portalCall(
    'portal',
    'salvarEtapaErro',
    {
      esn_fk_ets_codigo: lastStep.code,
      cpfCnpj: lastStep.cpfCnpj,
      resposta: JSON.stringify(envelope),
      mensagem: envelope.mensagem,
    },
    { keepalive: true },
  ).catch(() => {});
}

// The debtor session can end under any screen (it expired, its cookie was cleared, Sair in another tab). The app
// shell registers what then happens (app/SessionEnd.tsx), so that every screen ends it the same way.
type SessionEndHandler = (message: string | undefined) => void;
let sessionEndHandler: SessionEndHandler | null = null;

/** Makes `handler` the one answer to a debtor call that finds the session over; returns its removal. */
export function onSessionEnd(handler: SessionEndHandler): () => void {
  sessionEndHandler = handler;
  return () => {
    if (sessionEndHandler === handler) sessionEndHandler = null;
  };
}

/**
 * A 401 (the server's 'no session') hands over to the session-end handler, when the app has one. The call then
 * never settles: the screen that made it is being left, and its own failure text would repeat the message or
 * contradict it ('Não foi possível baixar os boletos selecionados!').
 */
function sessionEnded(status: number, envelope: Envelope | undefined): Promise<never> | null {
  if (status !== 401 || !sessionEndHandler) return null;
  sessionEndHandler(envelope?.mensagem);
  return new Promise<never>(() => {});
}

/**
 * Calls the portal API. Resolves with the envelope of any 2xx answer (whose `retorno` may still be false);
 * rejects with an ApiError for any other status or a network failure.
 */
export async function portalCall<T = unknown>(
  area: string,
  action: string,
  body: Record<string, unknown>,
  init: {
    signal?: AbortSignal;
    keepalive?: boolean;
    headers?: Record<string, string>;
    /** The call asks whether anyone is identified: its 401 is an answer (nobody), not a session that ended. */
    sessionOptional?: boolean;
  } = {},
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(`/api.php?a=${encodeURIComponent(area)}&b=${encodeURIComponent(action)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...init.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Falha de rede');
  }
  const json = await readJson(response);
  const envelope = isEnvelope(json) ? (json as Envelope<T>) : undefined;
  if (envelope?.retorno === false) reportErrorStep(area, action, envelope);
  if (!init.sessionOptional) {
    const ended = sessionEnded(response.status, envelope);
    if (ended) return ended;
  }
  if (!response.ok) throw new ApiError(response.status, envelope?.mensagem ?? response.statusText, envelope);
  if (!envelope) throw new ApiError(response.status, 'Resposta inválida do servidor');
  return envelope;
}

export interface FetchedFile {
  blob: Blob;
  /** The name the server gives it (Content-Disposition), or null. */
  name: string | null;
}

/**
 * A file of the session (a PDF) as a Blob. A refusal comes as an ApiError with the envelope's message, as from
 * portalCall, so the caller shows one failure whatever went wrong.
 */
export async function fetchFile(path: string): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Falha de rede');
  }
  if (!response.ok) {
    const json = await readJson(response);
    const envelope = isEnvelope(json) ? json : undefined;
    if (envelope?.retorno === false) reportErrorStep('arquivo', path, envelope);
    const ended = sessionEnded(response.status, envelope);
    if (ended) return ended;
    throw new ApiError(response.status, envelope?.mensagem ?? response.statusText, envelope);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), name };
}

/**
 * A fresh `Idempotency-Key`: a retry of the same request sends it again, so the server answers the first answer
 * instead of doing the work twice. randomUUID needs a secure context; a plain-HTTP address (a phone trying the
 * portal on the local network) still gets 128 random bits.
 */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export type PartnerConfigResult =
  | { kind: 'ok'; config: PartnerConfig }
  | { kind: 'not-found'; message: string };

/** Loads the partner configuration. 404 means the partner does not exist; anything else unusable throws. */
export async function fetchPartnerConfig(identifier: string): Promise<PartnerConfigResult> {
  let response: Response;
  try {
    response = await fetch(`/api/parceiro/${encodeURIComponent(identifier)}/info`, {
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Falha de rede');
  }
  const json = (await readJson(response)) as { data?: PartnerConfig; message?: string } | undefined;
  if (response.status === 404) {
    return { kind: 'not-found', message: json?.message ?? 'Subdomínio não encontrado!' };
  }
  if (!response.ok) throw new ApiError(response.status, json?.message ?? response.statusText);
  const config = json?.data;
  if (!config || typeof config !== 'object' || !Array.isArray(config.sessoes)) {
    throw new ApiError(response.status, 'Configuração do parceiro vazia');
  }
  return { kind: 'ok', config };
}

// The company token of spec 000 §7, fetched at start-up and kept in memory only (never in storage): undefined until
// the server has answered, null when the portal is switched off.
let companyToken: string | null | undefined;
const companyTokenListeners = new Set<() => void>();

/** The server said this portal is switched off ('Portal não está funcionando!'): nobody may start a login. */
export function portalSwitchedOff(): boolean {
  return companyToken === null;
}

/** Calls `listener` when the company token arrives (for useSyncExternalStore); returns the unsubscribe. */
export function onCompanyToken(listener: () => void): () => void {
  companyTokenListeners.add(listener);
  return () => companyTokenListeners.delete(listener);
}

/** `a=portal&b=retornarTokenEmpresa`: a string token, or null when the portal is not working. */
export async function fetchCompanyToken(empCodigo: number): Promise<string | null> {
  const envelope = await portalCall<unknown>('portal', 'retornarTokenEmpresa', { emp_codigo: empCodigo });
  const token = typeof envelope.dados === 'string' && envelope.dados !== '' ? envelope.dados : null;
  companyToken = token;
  for (const listener of companyTokenListeners) listener();
  return token;
}
