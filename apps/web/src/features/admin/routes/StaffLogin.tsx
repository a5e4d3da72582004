import { STAFF_LOGIN_FAILED, STAFF_LOGIN_MESSAGES, STAFF_STORAGE_KEYS } from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/fields';
import { RobotCheckFrame } from '../../../components/ui/RobotCheckFrame';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { readStorage } from '../../../lib/storage';
import { AdminApiError, adminErrorModal, logIn, logOut } from '../api/admin';
import { SubmitButton } from '../components/SubmitButton';
import { clearCredentials, storeCredentials } from '../lib/credentials';
import '../admin.css';

type Field = 'username' | 'password';

// The robot check the server asks for after repeated failed logins for a user name (always ALTCHA: staff are not
// a partner's group with a hosted provider).
const AltchaCheck = lazyWithRetry(() => import('../../../components/ui/AltchaCheck'));

/**
 * Staff login (spec 002 §2 "Staff login", §4), at /login and /logout: opening it discards a stored token (revoked
 * on the server too); fixed colours, not the partner's; success stores access_token and user_id and opens the
 * back office.
 */
export default function StaffLogin() {
  const navigate = useNavigate();
  const { showModal } = useFeedback();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  // null: not asked; otherwise the widget's round (a fresh challenge after each refusal) and its answer.
  const [robotCheck, setRobotCheck] = useState<{
    round: number;
    token: string | null;
    error?: string;
  } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const stored = readStorage(STAFF_STORAGE_KEYS.token);
    clearCredentials();
    if (stored) logOut(stored).catch(() => undefined);
  }, []);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) missing.username = STAFF_LOGIN_MESSAGES.username;
    if (!values.password) missing.password = STAFF_LOGIN_MESSAGES.password;
    if (missing.username || missing.password) {
      setErrors(missing);
      formRef.current
        ?.querySelector<HTMLElement>(`[name="${missing.username ? 'username' : 'password'}"]`)
        ?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await logIn(values.username, values.password, robotCheck?.token ?? undefined);
      storeCredentials({ token: answer.access_token, userId: String(answer.userId) });
      navigate('/admin/parceiros', { replace: true });
    } catch (error) {
      setBusy(false);
      const captchaMessage = error instanceof AdminApiError ? error.fields.captcha : undefined;
      // An answer is accepted once: any refusal needs a fresh challenge.
      setRobotCheck((current) =>
        captchaMessage || current
          ? { round: (current?.round ?? 0) + 1, token: null, error: captchaMessage }
          : null,
      );
      if (captchaMessage) return;
      const failed = error instanceof AdminApiError && error.status === 401;
      await showModal(
        failed ? { title: 'Atenção', text: STAFF_LOGIN_FAILED, style: 'danger' } : adminErrorModal(error)!,
      );
      formRef.current?.querySelector<HTMLElement>('[name="password"]')?.focus();
    }
  }

  return (
    <div className="admin admin-login">
      <main id="conteudo" className="admin-login__card">
        <h1 className="admin-login__title">Acessar conta</h1>
        <p className="admin-login__lead">Área administrativa do portal de negociação</p>
        <form
          ref={formRef}
          className="admin-form"
          onSubmit={onSubmit}
          noValidate
          data-testid="staff-login-form"
        >
          <TextField
            label="Usuário"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            error={errors.username}
            onChange={(event) => update('username', event.target.value)}
          />
          <TextField
            label="Senha"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={(event) => update('password', event.target.value)}
          />
          {robotCheck && (
            <RobotCheckFrame error={robotCheck.error}>
              <AltchaCheck
                key={robotCheck.round}
                onToken={(token) =>
                  setRobotCheck((current) => current && { ...current, token, error: undefined })
                }
              />
            </RobotCheckFrame>
          )}
          <SubmitButton
            busy={busy}
            busyText="Acessando…"
            className="btn btn--primary btn--block"
            testId="staff-login-submit"
          >
            Acessar Conta
          </SubmitButton>
        </form>
      </main>
    </div>
  );
}
