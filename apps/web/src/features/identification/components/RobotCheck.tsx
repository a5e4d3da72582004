import { hasCapability, LOGIN_TEXTS } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { RobotCheckFrame } from '../../../components/ui/RobotCheckFrame';
import { ApiError } from '../../../lib/api';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';

// The robot check of spec 000 §2/§5 (captcha). Each provider's widget is its own lazy chunk, loaded only on the
// screens that show it; partners with `skipRobotCheck` have none until the server asks for one (past a CPF/CNPJ's
// limit of attempts it asks for ALTCHA instead of refusing: decision 099).

const AltchaCheck = lazyWithRetry(() => import('../../../components/ui/AltchaCheck'));
const HostedCheck = lazyWithRetry(() => import('./HostedCheck'));

export interface RobotCheckState {
  /** False for partners with the skipRobotCheck capability, until the server asks for the check. */
  required: boolean;
  /** The answer to send as `captcha`; null until solved. */
  token: string | null;
  /** True when there is nothing left to do (solved, or not required). */
  done: boolean;
  /** Changes on every reset: the widget is rebuilt with a fresh challenge. */
  round: number;
  /** The message under the widget: not solved yet, or the server refused the answer. */
  error: string | undefined;
  setToken: (token: string | null) => void;
  /** A fresh challenge (after any failed submit: an answer is accepted once). */
  reset: () => void;
  /** Before a submit: true when done, otherwise asks for the check under the widget. */
  check: () => boolean;
  /** The server's `captcha` message of a refused call, shown under the widget; false when it named none. */
  showServerError: (error: unknown) => boolean;
}

interface RobotState {
  round: number;
  token: string | null;
  error: string | undefined;
  /** The server asked for the check where the partner has none. */
  asked: boolean;
}

export function useRobotCheck(): RobotCheckState {
  const config = usePartner();
  const [state, setState] = useState<RobotState>({ round: 0, token: null, error: undefined, asked: false });
  const required = !hasCapability(config, 'skipRobotCheck') || state.asked;
  const setToken = useCallback(
    (token: string | null) => setState((s) => ({ ...s, token, error: token ? undefined : s.error })),
    [],
  );
  const reset = useCallback(
    () => setState((s) => ({ ...s, round: s.round + 1, token: null, error: undefined })),
    [],
  );
  const setError = useCallback((error: string | undefined) => setState((s) => ({ ...s, error })), []);
  const askedByServer = useCallback((error: string) => setState((s) => ({ ...s, error, asked: true })), []);
  return useMemo(() => {
    const done = !required || state.token !== null;
    return {
      required,
      token: state.token,
      done,
      round: state.round,
      error: state.error,
      setToken,
      reset,
      check: () => {
        setError(done ? undefined : LOGIN_TEXTS.robotCheckRequired);
        return done;
      },
      showServerError: (error: unknown) => {
        const message = error instanceof ApiError ? error.fieldErrors.captcha : undefined;
        if (message) askedByServer(message);
        return message !== undefined;
      },
    };
  }, [required, state, setToken, reset, setError, askedByServer]);
}

/** The `captcha` field of a request body: present only when the partner uses a robot check. */
export function captchaField(robot: RobotCheckState): { captcha?: string } {
  return robot.required && robot.token ? { captcha: robot.token } : {};
}

export function RobotCheck({ robot }: { robot: RobotCheckState }) {
  const { error } = robot;
  const config = usePartner();
  const { captcha } = config;
  if (!robot.required) return null;
  // Where the partner has no check of its own, the one the server asks for is ALTCHA (decision 099).
  const hosted =
    !hasCapability(config, 'skipRobotCheck') && captcha && captcha.provider !== 'altcha' && captcha.siteKey
      ? { provider: captcha.provider, siteKey: captcha.siteKey }
      : null;
  return (
    <RobotCheckFrame
      error={
        error &&
        (error === LOGIN_TEXTS.robotCheckRequired ? error : `${LOGIN_TEXTS.robotCheckRequired}: ${error}`)
      }
    >
      {hosted ? (
        <HostedCheck
          key={robot.round}
          provider={hosted.provider}
          siteKey={hosted.siteKey}
          onToken={robot.setToken}
        />
      ) : (
        <AltchaCheck key={robot.round} onToken={robot.setToken} />
      )}
    </RobotCheckFrame>
  );
}
