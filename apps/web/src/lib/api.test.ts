import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalCall, rememberStep } from './api';

type Call = { url: string; body: Record<string, unknown> };

function stubFetch(answers: Record<string, { status: number; json: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const action = new URL(url, 'http://x').searchParams.get('b') ?? '';
    const answer = answers[action] ?? { status: 200, json: { retorno: true, dados: null, mensagem: '' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('error step (spec 000 §7: any retorno false is also recorded)', () => {
  it('records the last step, the answer and its message', async () => {
    const failed = { retorno: false, dados: null, mensagem: 'Erro ao consultar o usuário! 1' };
    const calls = stubFetch({ passo_1: { status: 200, json: failed } });
    rememberStep(8, '52998224725');
    await portalCall('negociacao_robo', 'passo_1', { pesCpfCnpj: '52998224725' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toContain('b=salvarEtapaErro');
    expect(calls[1]!.body).toEqual({
      esn_fk_ets_codigo: 8,
      cpfCnpj: '52998224725',
      resposta: JSON.stringify(failed),
      mensagem: 'Erro ao consultar o usuário! 1',
    });
  });

  it('also for an HTTP error that carries retorno false', async () => {
    const calls = stubFetch({
      passo_1: { status: 429, json: { retorno: false, dados: null, mensagem: 'Muitas tentativas.' } },
    });
    rememberStep(8, '52998224725');
    await expect(portalCall('negociacao_robo', 'passo_1', {})).rejects.toThrow('Muitas tentativas.');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toContain('b=salvarEtapaErro');
  });

  it('never for the step calls themselves, nor for a successful answer', async () => {
    const calls = stubFetch({
      salvarEtapa: { status: 200, json: { retorno: false, dados: null, mensagem: 'x' } },
      salvarEtapaErro: { status: 200, json: { retorno: false, dados: null, mensagem: 'x' } },
    });
    rememberStep(31, '');
    await portalCall('portal', 'salvarEtapa', {});
    await portalCall('portal', 'salvarEtapaErro', {});
    await portalCall('portal', 'sessao', {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('b'))).toEqual([
      'salvarEtapa',
      'salvarEtapaErro',
      'sessao',
    ]);
  });
});
