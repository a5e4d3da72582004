// Staff login and password change rules shared by the back office screens and the server (spec 002 §2 "Staff
// login", §3 "Password change payload", §5 "Password change", "Staff login", "Admin access", §8, §9).

// Spec 002 §8: every login failure reads the same, so an answer never tells whether a user exists.
export const STAFF_LOGIN_FAILED = 'Usuário ou senha inválido';

// Spec 002 §5 says user and password are required; the texts are ours, in the spec's pattern.
export const STAFF_LOGIN_MESSAGES = {
  username: 'O campo usuário é obrigatório',
  password: 'O campo senha é obrigatório',
} as const;

// Spec 002 §5 "Admin access" and §9: a stored access token shorter than this is no token.
export const ACCESS_TOKEN_MIN_LENGTH = 20;

// Spec 002 §3 "Local storage": the back office keeps the token and the user id under these keys.
export const STAFF_STORAGE_KEYS = { token: 'access_token', userId: 'user_id' } as const;

// The server's answer to an admin call without a valid token; the back office shows no modal for it (spec 002 §6).
export const UNAUTHENTICATED = 'Unauthenticated';

/** The client check of spec 002 §2: a user id and an access token of at least 20 characters. */
export function hasStaffCredentials(
  token: string | null | undefined,
  userId: string | null | undefined,
): boolean {
  return Boolean(userId) && typeof token === 'string' && token.length >= ACCESS_TOKEN_MIN_LENGTH;
}

export type PasswordChangeField = 'old_password' | 'password' | 'password_confirmation';
export type PasswordChangeInput = Record<PasswordChangeField, string>;

// The spec shows no length rule; staff passwords guard every partner's data, so we ask for 8 characters at least.
export const STAFF_PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_CHANGE_MESSAGES = {
  // Spec 002 §8, verbatim (including 'obrigatória').
  oldRequired: 'O campo senha atual é obrigatória',
  newRequired: 'O campo nova senha é obrigatória',
  confirmationRequired: 'O campo confirmar nova senha é obrigatória',
  // The spec shows no text for these; ours.
  tooShort: `A nova senha deve ter no mínimo ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `A nova senha deve ter no máximo ${STAFF_PASSWORD_MAX_LENGTH} caracteres.`,
  unchanged: 'A nova senha deve ser diferente da senha atual.',
  mismatch: 'A confirmação deve ser igual à nova senha.',
  wrongCurrent: 'A senha atual está incorreta.',
  // Spec 002 §8 success snackbar.
  success: 'Senha atualizada com sucesso!',
} as const;

export type PasswordChangeRule = Exclude<keyof typeof PASSWORD_CHANGE_MESSAGES, 'wrongCurrent' | 'success'>;

export interface PasswordChangeFailure {
  rule: PasswordChangeRule;
  field: PasswordChangeField;
  message: string;
}

const failure = (rule: PasswordChangeRule, field: PasswordChangeField): PasswordChangeFailure => ({
  rule,
  field,
  message: PASSWORD_CHANGE_MESSAGES[rule],
});

/** A new staff password's own rules (also for `npm run staff`); null when it is acceptable. */
export function newPasswordProblem(password: string): 'tooShort' | 'tooLong' | null {
  const length = Array.from(password).length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * The first broken rule of a password change, in the order the form shows them: the three required fields, the
 * new password's length, different from the current one, equal to its confirmation. Null when all pass (the
 * current password itself is checked by the server).
 */
export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeFailure | null {
  if (!input.old_password) return failure('oldRequired', 'old_password');
  if (!input.password) return failure('newRequired', 'password');
  if (!input.password_confirmation) return failure('confirmationRequired', 'password_confirmation');
  const problem = newPasswordProblem(input.password);
  if (problem) return failure(problem, 'password');
  if (input.password === input.old_password) return failure('unchanged', 'password');
  if (input.password !== input.password_confirmation) return failure('mismatch', 'password_confirmation');
  return null;
}
