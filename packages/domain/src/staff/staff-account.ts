import { z } from 'zod';

// Staff login and password change rules shared by the back office screens and the server (spec 002 §2 "Staff
// login", §3 "Password change payload", §5 "Password change", "Staff login", "Admin access", §8, §9).

// Spec 002 §8: every login failure reads the same, so an answer never tells whether a user exists.
export const STAFF_LOGIN_FAILED = 'Usuário ou senha inválido';

// Spec 002 §5 says user and password are required; the texts are ours, in the spec's pattern.
export const STAFF_LOGIN_MESSAGES = {
  username: 'O campo usuário é obrigatório',
  password: 'O campo senha é obrigatório',
} as const;

/** The staff login form: both fields required (a user name of spaces is none); sent as typed. */
export const staffLoginSchema = z.object({
  username: z.string().refine((value) => value.trim() !== '', STAFF_LOGIN_MESSAGES.username),
  password: z.string().min(1, STAFF_LOGIN_MESSAGES.password),
});

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

/** A new staff password's own rules (also for `npm run staff`); null when it is acceptable. */
export function newPasswordProblem(password: string): 'tooShort' | 'tooLong' | null {
  const length = Array.from(password).length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * The password change form, its rules in the order the form shows them: the three required fields, then (once all
 * three are filled) the new password's length, different from the current one, equal to its confirmation, the first
 * that fails only. The current password itself is checked by the server.
 */
export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1, PASSWORD_CHANGE_MESSAGES.oldRequired),
    password: z.string().min(1, PASSWORD_CHANGE_MESSAGES.newRequired),
    password_confirmation: z.string().min(1, PASSWORD_CHANGE_MESSAGES.confirmationRequired),
  })
  .superRefine((input, ctx) => {
    if (!input.old_password || !input.password || !input.password_confirmation) return;
    const broken = (field: PasswordChangeField, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    const problem = newPasswordProblem(input.password);
    if (problem) broken('password', PASSWORD_CHANGE_MESSAGES[problem]);
    else if (input.password === input.old_password) broken('password', PASSWORD_CHANGE_MESSAGES.unchanged);
    else if (input.password !== input.password_confirmation)
      broken('password_confirmation', PASSWORD_CHANGE_MESSAGES.mismatch);
  });
