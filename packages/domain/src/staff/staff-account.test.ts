import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import {
  hasStaffCredentials,
  newPasswordProblem,
  passwordChangeSchema,
  STAFF_LOGIN_MESSAGES,
  staffLoginSchema,
} from './staff-account';

describe('hasStaffCredentials (spec 002 §2: user id and a token of 20+ characters)', () => {
  it.each([
    { token: 'a'.repeat(20), userId: '1', expected: true },
    { token: 'a'.repeat(19), userId: '1', expected: false },
    { token: 'a'.repeat(43), userId: '', expected: false },
    { token: null, userId: '1', expected: false },
    { token: 'a'.repeat(43), userId: null, expected: false },
  ])('$token / $userId -> $expected', ({ token, userId, expected }) => {
    expect(hasStaffCredentials(token, userId)).toBe(expected);
  });
});

describe('passwordChangeSchema (spec 002 §5, §8)', () => {
  const ok = { old_password: 'Atual#2026', password: 'Nova#20260', password_confirmation: 'Nova#20260' };
  it.each([
    {
      input: { ...ok, old_password: '' },
      field: 'old_password',
      message: 'O campo senha atual é obrigatória',
    },
    { input: { ...ok, password: '' }, field: 'password', message: 'O campo nova senha é obrigatória' },
    {
      input: { ...ok, password_confirmation: '' },
      field: 'password_confirmation',
      message: 'O campo confirmar nova senha é obrigatória',
    },
    {
      input: { old_password: '', password: '', password_confirmation: '' },
      field: 'old_password',
      message: 'O campo senha atual é obrigatória',
    },
    {
      input: { ...ok, password: 'Curta#1', password_confirmation: '' },
      field: 'password_confirmation',
      message: 'O campo confirmar nova senha é obrigatória',
    },
    {
      input: { ...ok, password: 'Curta#1', password_confirmation: 'Curta#1' },
      field: 'password',
      message: 'A nova senha deve ter no mínimo 8 caracteres.',
    },
    {
      input: { ...ok, password: ok.old_password, password_confirmation: ok.old_password },
      field: 'password',
      message: 'A nova senha deve ser diferente da senha atual.',
    },
    {
      input: { ...ok, password_confirmation: 'Nova#20261' },
      field: 'password_confirmation',
      message: 'A confirmação deve ser igual à nova senha.',
    },
  ])('$field: $message', ({ input, field, message }) => {
    expect(firstIssue(passwordChangeSchema, input)).toEqual({ ok: false, field, message });
  });

  it('accepts a valid change', () => {
    expect(firstIssue(passwordChangeSchema, ok)).toEqual({ ok: true, data: ok });
  });

  it('counts characters, not bytes, for the length', () => {
    expect(newPasswordProblem('çãéíõúâê')).toBeNull();
    expect(newPasswordProblem('a'.repeat(201))).toBe('tooLong');
  });
});

describe('staffLoginSchema (spec 002 §5 "Staff login")', () => {
  it.each([
    { input: { username: ' ', password: 'x' }, field: 'username', message: STAFF_LOGIN_MESSAGES.username },
    { input: { username: 'ana', password: '' }, field: 'password', message: STAFF_LOGIN_MESSAGES.password },
  ])('$field: $message', ({ input, field, message }) => {
    expect(firstIssue(staffLoginSchema, input)).toEqual({ ok: false, field, message });
  });

  it('sends the user name as typed', () => {
    expect(staffLoginSchema.parse({ username: ' ana ', password: 'x' })).toEqual({
      username: ' ana ',
      password: 'x',
    });
  });
});
