import { hasCapability, LOGIN_TEXTS } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { RobotCheckFrame } from '../../../components/ui/RobotCheckFrame';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';

// The robot check of spec 000 §2/§5 (captcha). Each provider's widget is its own lazy chunk, loaded only on the
// screens that show it; partners with `skipRobotCheck` have none.

const AltchaCheck = lazyWithRetry(() => import('../../../components/ui/AltchaCheck'));
const HostedCheck = lazyWithRetry(() => import('./HostedCheck'));

export interface RobotCheckState {
  /** False for partners with the skipRobotCheck capability. */
  required: boolean;
  /** The answer to send as `captcha`; null until solved. */
  token: string | null;
  /** True when there is nothing left to do (solved, or not required). */
  done: boolean;
  /** Changes on every reset: the widget is rebuilt with a fresh challenge. */
  round: number;
  setToken: (token: string | null) => void;
  /** A fresh challenge (after any failed submit: an answer is accepted once). */
  reset: () => void;
}

export function useRobotCheck(): RobotCheckState {
  const config = usePartner();
  const required = !hasCapability(config, 'skipRobotCheck');
  const [state, setState] = useState<{ round: number; token: string | null }>({ round: 0, token: null });
  const setToken = useCallback((token: string | null) => setState((s) => ({ ...s, token })), []);
  const reset = useCallback(() => setState((s) => ({ round: s.round + 1, token: null })), []);
  return useMemo(
    () => ({
      required,
      token: state.token,
      done: !required || state.token !== null,
      round: state.round,
      setToken,
      reset,
    }),
    [required, state, setToken, reset],
  );
}

/** The `captcha` field of a request body: present only when the partner uses a robot check. */
export function captchaField(robot: RobotCheckState): { captcha?: string } {
  return robot.required && robot.token ? { captcha: robot.token } : {};
}

export function RobotCheck({ robot, error }: { robot: RobotCheckState; error?: string | undefined }) {
  const { captcha } = usePartner();
  if (!robot.required) return null;
  const hosted =
    captcha && captcha.provider !== 'altcha' && captcha.siteKey
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
