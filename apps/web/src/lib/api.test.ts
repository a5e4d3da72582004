import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchFile, idempotencyKey, onSessionEnd, portalCall, rememberStep } from './api';

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

describe('request headers', () => {
  it('sends the caller headers beside the JSON ones', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify({ retorno: true, dados: null, mensagem: '' }));
    });
    await portalCall('negociacao_robo', 'passo_4_novo', {}, { headers: { 'Idempotency-Key': 'k-123' } });
    expect(sent[0]!.get('Idempotency-Key')).toBe('k-123');
    expect(sent[0]!.get('Content-Type')).toBe('application/json');
  });
});

describe('fetchFile', () => {
  it("answers the file as a Blob with the server's name for it", async () => {
    const headers = {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="boletos_7.pdf"',
    };
    vi.stubGlobal('fetch', async () => new Response('%PDF-1.7', { headers }));
    const file = await fetchFile('/api/acordos/boletos.pdf?parcelas=7');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(file.name).toBe('boletos_7.pdf');
    vi.stubGlobal('fetch', async () => new Response('%PDF-1.7'));
    expect((await fetchFile('/x.pdf')).name).toBeNull();
  });

  it("rejects with the envelope's message and records the error step", async () => {
    const refused = { retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' };
    const calls = stubFetch({});
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url.startsWith('/api/acordos')
        ? new Response(JSON.stringify(refused), { status: 409 })
        : inner(url, init as RequestInit),
    );
    rememberStep(3, '39053344705');
    const failure = await fetchFile('/api/acordos/boletos.pdf?parcelas=9').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'Esta parcela já foi paga.' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ esn_fk_ets_codigo: 3, mensagem: 'Esta parcela já foi paga.' });
  });

  it('a network failure is an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchFile('/api/acordos/boletos.pdf?parcelas=1')).rejects.toMatchObject({ status: 0 });
  });
});

describe('a session that ended (401)', () => {
  const ended = {
    retorno: false,
    dados: null,
    mensagem: 'Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.',
  };
  const unsettled = Symbol('unsettled');
  /** What `call` settles with within a few ticks, or `unsettled`. */
  const outcome = (call: Promise<unknown>) =>
    Promise.race([
      call.catch((error: unknown) => error),
      new Promise((resolve) => setTimeout(() => resolve(unsettled), 20)),
    ]);

  it("hands the server's message to the app's handler; the caller's call never settles", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(ended), { status: 401 }));
    const messages: (string | undefined)[] = [];
    const stop = onSessionEnd((message) => messages.push(message));
    try {
      expect(await outcome(portalCall('negociacao_robo', 'passo_3_novo', {}))).toBe(unsettled);
      expect(await outcome(fetchFile('/api/acordos/boletos.pdf?parcelas=9'))).toBe(unsettled);
      // (The error steps recorded beside them find the session over too: the handler answers once, app/SessionEnd.)
      expect(messages[0]).toBe(ended.mensagem);
      expect(messages.length).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
    }
  });

  it('a call that asks whether anyone is identified gets its 401 as an answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(ended), { status: 401 }));
    const messages: (string | undefined)[] = [];
    const stop = onSessionEnd((message) => messages.push(message));
    try {
      const answer = await outcome(portalCall('portal', 'sessao', {}, { sessionOptional: true }));
      expect(answer).toMatchObject({ status: 401, message: ended.mensagem });
      expect(messages).toEqual([]);
    } finally {
      stop();
    }
  });

  it('without a handler (no app around it) the 401 is an ApiError', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(ended), { status: 401 }));
    await expect(portalCall('negociacao_robo', 'passo_2_novo', {})).rejects.toMatchObject({ status: 401 });
  });
});

describe('idempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const a = idempotencyKey();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKey()).not.toBe(a);
  });

  it('is 32 random hex digits where randomUUID is missing (no secure context)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const key = idempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKey()).not.toBe(key);
  });
});

describe('ApiError.fieldErrors', () => {
  const refusal = (status: number) =>
    new ApiError(status, 'O currículo deve ser um arquivo PDF de até 5 MB.', {
      retorno: false,
      dados: { curriculo: 'O currículo deve ser um arquivo PDF de até 5 MB.' },
      mensagem: 'O currículo deve ser um arquivo PDF de até 5 MB.',
    });

  it('reads the field messages of a 400 and of a 413 (a body over the limit: the CV of the job form)', () => {
    for (const status of [400, 413])
      expect(refusal(status).fieldErrors).toEqual({
        curriculo: 'O currículo deve ser um arquivo PDF de até 5 MB.',
      });
  });

  it('reads none from other refusals, whose dados are no field messages', () => {
    expect(refusal(409).fieldErrors).toEqual({});
  });
});
