// Typed application errors and the one place that maps them to HTTP status and the spec's Portuguese text.

const APP_ERRORS = {
  /** The host names a partner that does not exist (spec 000 §8). */
  PARTNER_NOT_FOUND: { status: 404, message: 'Subdomínio não encontrado!' },
  /** Input failed validation; `details` carries one message per field. */
  INVALID_INPUT: { status: 400, message: 'Dados inválidos. Verifique os campos destacados.' },
  /** The contact e-mail could not be queued, or the partner has no contact address (spec 000 §8). */
  CONTACT_NOT_SENT: {
    status: 200,
    message: 'Ocorreu um erro ao enviar o e-mail. Tente novamente mais tarde',
  },
  /** api.php was called with an area/action pair that does not exist. */
  UNKNOWN_ACTION: { status: 404, message: 'Ação não encontrada.' },
  /** Too many requests from one client (rate limit). */
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' },
  /** A stored file does not exist. */
  FILE_NOT_FOUND: { status: 404, message: 'Arquivo não encontrado.' },
  /** Anything unexpected; details stay in the log. */
  INTERNAL: { status: 500, message: 'Ocorreu um erro. Tente novamente' },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: unknown;

  constructor(code: AppErrorCode, details?: unknown) {
    super(APP_ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }
}

export function errorResponse(code: AppErrorCode): { status: number; message: string } {
  return APP_ERRORS[code];
}
