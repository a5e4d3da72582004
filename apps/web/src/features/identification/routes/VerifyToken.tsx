import {
  customization,
  GENERIC_ERROR_TITLE,
  LOGIN_ERRORS,
  loginTokenSchema,
  onlyDigits,
  STEP_CODES,
  TOKEN_LENGTH,
  TOKEN_MESSAGES,
  TOKEN_RESEND_SECONDS,
} from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { logStep } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { useCheckLoginToken, useSendLoginToken } from '../api/identification';
import { ForgotPhoneButton } from '../components/ForgotPhoneButton';
import { MissingParameters } from '../components/MissingParameters';
import { failureOutcome, nextStepTarget } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';

const KEYPAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/**
 * VerifyToken (spec 000 §2 token screen, §4): on load a 6-digit token is sent by SMS (step 27); it can be sent
 * again after a 30-second countdown; Continue checks it (step 14) and opens the next screen. Router state
 * `{ fone }` (the masked phone).
 */
export default function VerifyToken() {
  const { state } = useLocation();
  const fone = stateString(state, 'fone');
  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        {fone === null ? (
          <MissingParameters />
        ) : (
          <TokenForm fone={fone} identification={stateString(state, 'identification') ?? ''} />
        )}
      </main>
    </>
  );
}

/** What the token box keeps of what is typed: digits, at most TOKEN_LENGTH. */
const tokenDigits = (value: string) => onlyDigits(value).slice(0, TOKEN_LENGTH);

function TokenForm({ fone, identification }: { fone: string; identification: string }) {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const navigate = useNavigate();
  const { showModal, showSnackbar, hideSnackbar, showLoading, hideLoading } = useFeedback();
  const totem = customization(config).confirmBirthday?.flgTotem === true;
  const [seconds, setSeconds] = useState(TOKEN_RESEND_SECONDS);
  const requested = useRef(false);
  const send = useSendLoginToken();
  const check = useCheckLoginToken();
  const form = useZodForm(loginTokenSchema, { token_cliente: '' });

  // The countdown of the resend button: one tick a second down to zero.
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const { mutateAsync: sendToken } = send;
  const requestToken = useCallback(async () => {
    setSeconds(TOKEN_RESEND_SECONDS);
    logStep(config, STEP_CODES.generateToken, 'Gerou o token', identification);
    try {
      const answer = await sendToken();
      if (answer.mensagem) showSnackbar(answer.mensagem, answer.retorno ? 'success' : 'danger');
      const wait = answer.dados?.reenviarEmSegundos;
      if (typeof wait === 'number' && wait > 0) setSeconds(Math.round(wait));
    } catch (error) {
      const text =
        error instanceof ApiError && error.status !== 0 ? error.message : TOKEN_MESSAGES.lookupFault;
      showSnackbar(text, 'danger');
    }
  }, [config, identification, showSnackbar, sendToken]);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    requestToken();
  }, [requestToken]);

  /** The totem keypad types into the same box. */
  function type(next: string) {
    form.setValue('token_cliente', tokenDigits(next));
    form.clearErrors('token_cliente');
  }

  async function onSubmit({ token_cliente }: { token_cliente: string }) {
    showLoading('Verificando o código');
    logStep(config, STEP_CODES.checkToken, 'Validou o token', identification);
    try {
      const answer = await check.mutateAsync(token_cliente);
      hideLoading();
      if (answer.retorno) {
        const target = nextStepTarget(answer.dados, identification);
        if (target) {
          // 'Enviamos um código por SMS…' is about this screen: it does not follow the person to the menu.
          hideSnackbar();
          navigate(target.to, { replace: target.replace, state: target.state });
          return;
        }
        await showModal({ ...LOGIN_ERRORS.unexpectedData, style: 'danger' });
        return;
      }
      form.setValue('token_cliente', '');
      await showModal({
        title: GENERIC_ERROR_TITLE,
        text: answer.mensagem || TOKEN_MESSAGES.invalid,
        style: 'danger',
      });
      form.setFocus('token_cliente');
    } catch (error) {
      hideLoading();
      if (showServerErrors(form, error)) return;
      const outcome = failureOutcome(error, TOKEN_MESSAGES.lookupFault);
      if (outcome.kind === 'modal') await showModal(outcome);
    }
  }

  const token = form.watch('token_cliente');
  return (
    <>
      <h1 className="page__title" {...focusStart}>
        Digite o código que enviamos por SMS
      </h1>
      <p>
        {fone
          ? `Enviamos um código de ${TOKEN_LENGTH} dígitos para o telefone ${fone}.`
          : `Enviamos um código de ${TOKEN_LENGTH} dígitos para o telefone do seu cadastro.`}
      </p>
      <Form form={form} className="id-form" onSubmit={onSubmit} data-testid="token-form">
        <TextInput
          label={`Código de ${TOKEN_LENGTH} dígitos`}
          name="token_cliente"
          mask={tokenDigits}
          className="token-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          data-testid="token-input"
        />
        {totem && (
          <fieldset className="keypad" data-testid="token-keypad">
            <legend className="sr-only">Teclado numérico</legend>
            {KEYPAD.map((digit) => (
              <button
                key={digit}
                type="button"
                className="btn btn--ghost"
                onClick={() => type(token + digit)}
              >
                {digit}
              </button>
            ))}
            <button
              type="button"
              className="btn btn--ghost keypad__wide"
              aria-label="Apagar o último dígito"
              onClick={() => type(token.slice(0, -1))}
            >
              Apagar
            </button>
          </fieldset>
        )}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={check.isPending}
          data-testid="token-submit"
        >
          Continuar
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={seconds > 0}
          onClick={requestToken}
          data-testid="token-resend"
        >
          {seconds > 0 ? `Reenviar código em ${seconds} s` : 'Reenviar código'}
        </button>
        <ForgotPhoneButton identification={identification} testId="token-forgot-phone" />
      </Form>
    </>
  );
}
