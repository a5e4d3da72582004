// @vitest-environment happy-dom
import { LOGIN_TEXTS, type PartnerConfig } from '@portal/domain';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { PartnerContext } from '../../../lib/partner';
import { DEMO_PARTNER } from '../../../test/demo-partner';
import { captchaField, useRobotCheck } from './RobotCheck';

// A partner without a robot check (capability skipRobotCheck) shows none until the server asks for one past a
// CPF/CNPJ's limit of attempts (decision 099); from then on the check is required and its answer sent.

const askedForCheck = new ApiError(400, LOGIN_TEXTS.robotCheckRequired, {
  retorno: false,
  dados: { captcha: LOGIN_TEXTS.robotCheckRequired },
  mensagem: LOGIN_TEXTS.robotCheckRequired,
});

function robotOn(config: PartnerConfig) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PartnerContext.Provider value={{ config }}>{children}</PartnerContext.Provider>
  );
  return renderHook(() => useRobotCheck(), { wrapper });
}

describe('useRobotCheck', () => {
  it('on a partner without a check, requires one once the server asks, across fresh challenges', () => {
    const { result } = robotOn({ ...DEMO_PARTNER, capacidades: { skipRobotCheck: true } });
    expect(result.current).toMatchObject({ required: false, done: true });
    expect(captchaField(result.current)).toEqual({});

    act(() => {
      result.current.reset();
      expect(result.current.showServerError(askedForCheck)).toBe(true);
    });
    expect(result.current).toMatchObject({
      required: true,
      done: false,
      error: LOGIN_TEXTS.robotCheckRequired,
    });
    act(() => result.current.setToken('resposta'));
    expect(result.current.done).toBe(true);
    expect(captchaField(result.current)).toEqual({ captcha: 'resposta' });
    // An answer is accepted once: after a failed submit the check is asked again, not dropped.
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ required: true, done: false, token: null });
  });

  it('leaves a refusal without a captcha message to the form', () => {
    const { result } = robotOn({ ...DEMO_PARTNER, capacidades: { skipRobotCheck: true } });
    const other = new ApiError(400, 'Erro', {
      retorno: false,
      dados: { dataNascimento: 'x' },
      mensagem: 'Erro',
    });
    act(() => {
      expect(result.current.showServerError(other)).toBe(false);
    });
    expect(result.current.required).toBe(false);
  });
});
