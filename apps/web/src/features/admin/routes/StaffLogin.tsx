import { STAFF_LOGIN_FAILED, STAFF_STORAGE_KEYS, staffLoginSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { RobotCheckFrame } from '../../../components/ui/RobotCheckFrame';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { readStorage } from '../../../lib/storage';
import { ADMIN_KEY, AdminApiError, adminErrorModal, logOut, useLogIn } from '../api/admin';
import { forgetAnswerDrafts } from '../lib/answer-drafts';
import { clearCredentials, storeCredentials } from '../lib/credentials';
import '../admin.css';

// The robot check the server asks for after repeated failed logins for a user name (always ALTCHA: staff are not
// a partner's group with a hosted provider).
const AltchaCheck = lazyWithRetry(() => import('../../../components/ui/AltchaCheck'));

/**
 * Staff login (spec 002 §2 "Staff login", §4), at /login and /logout: opening it discards a stored token (revoked
 * on the server too) and whatever the back office had loaded with it; /logout, a logout, also the answer drafts
 * (lib/answer-drafts.ts), which /login keeps for whoever's token expired; fixed colours, not the partner's; success
 * stores access_token and user_id, drops other users' drafts and opens the back office.
 */
export default function StaffLogin() {
  const navigate = useNavigate();
  const loggingOut = useLocation().pathname === '/logout';
  const queryClient = useQueryClient();
  const { showModal } = useFeedback();
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const form = useZodForm(staffLoginSchema, { username: '', password: '' });
  const logIn = useLogIn();
  // null: not asked; otherwise the widget's round (a fresh challenge after each refusal) and its answer.
  const [robotCheck, setRobotCheck] = useState<{
    round: number;
    token: string | null;
    error?: string;
  } | null>(null);

  useEffect(() => {
    const stored = readStorage(STAFF_STORAGE_KEYS.token);
    clearCredentials();
    if (loggingOut) forgetAnswerDrafts();
    queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
    if (stored) logOut(stored).catch(() => undefined);
  }, [queryClient, loggingOut]);

  async function onSubmit(values: { username: string; password: string }) {
    try {
      const answer = await logIn.mutateAsync({ ...values, captcha: robotCheck?.token ?? undefined });
      storeCredentials({ token: answer.access_token, userId: String(answer.userId) });
      forgetAnswerDrafts(answer.userId);
      navigate(answer.must_change_password ? '/admin/alterar-senha' : '/admin/parceiros', { replace: true });
    } catch (error) {
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
      form.setFocus('password');
    }
  }

  return (
    <div className="admin admin-login">
      <main id="conteudo" className="admin-login__card">
        <h1 className="admin-login__title" {...focusStart}>
          Acessar conta
        </h1>
        <p className="admin-login__lead">Área administrativa do portal de negociação</p>
        <Form form={form} onSubmit={onSubmit} className="admin-form" data-testid="staff-login-form">
          <TextInput
            label="Usuário"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput label="Senha" name="password" type="password" autoComplete="current-password" />
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
            busy={logIn.isPending}
            busyText="Acessando…"
            className="btn btn--primary btn--block"
            testId="staff-login-submit"
          >
            Acessar Conta
          </SubmitButton>
        </Form>
      </main>
    </div>
  );
}
