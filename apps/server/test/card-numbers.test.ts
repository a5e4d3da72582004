import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  jobApplications,
  leads,
  outboundMessages,
  privacyRequests,
  stepLogs,
} from '../src/db/schema';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';
import { validLead, validRightsRequest } from './valid-forms';

// Issue 14 item 8: what a client posts is stored by named, bounded fields, and no card number (13-19 digits passing
// Luhn) reaches a table, a forwarded e-mail or a log line.

const CARD = '4111111111111111';
const CARD_TYPED = '4111 1111 1111 1111';
/** No run of the card's digits longer than its last four survives, typed in any of the ways used here. */
const CARD_DIGITS = /4111[ -]?1111/;

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: Record<string, unknown>, host = 'localhost:3000') {
  ip += 1;
  return t.app.inject({ method: 'POST', url, payload, headers: { host }, remoteAddress: `10.14.8.${ip}` });
}

const lastStep = async () =>
  (await t.database.db.select().from(stepLogs).orderBy(desc(stepLogs.id)).limit(1))[0]!;

describe('salvarEtapaErro: the named fields only, card numbers masked', () => {
  it('keeps the envelope retorno and mensagem of the failed answer, never its dados or extra fields', async () => {
    const failed = {
      retorno: false,
      mensagem: `Cartão ${CARD} recusado`,
      dados: { numero: CARD, cvv: '123', validade: '12/30' },
    };
    const res = await post('/api.php?a=portal&b=salvarEtapaErro', {
      esn_fk_ets_codigo: 28,
      cpfCnpj: CARD_TYPED,
      motivo_agendamento: `pagar com 4111-1111-1111-1111`,
      resposta: JSON.stringify(failed),
      mensagem: `Não foi possível gerar o seu acordo (${CARD})`,
      dadosDoCartao: { numero: CARD, cvv: '123' },
      extra: 'x'.repeat(10_000),
    });
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'Etapa registrada.' });
    const row = await lastStep();
    expect(row).toMatchObject({
      stepCode: 28,
      isError: true,
      // A CPF/CNPJ field holding anything but a CPF or CNPJ is not kept.
      cpfCnpj: null,
      reason: 'pagar com ****-****-****-1111',
    });
    expect(row.errorDetails).toEqual({
      resposta: { retorno: false, mensagem: 'Cartão ************1111 recusado' },
      mensagem: 'Não foi possível gerar o seu acordo (************1111)',
    });
    expect(JSON.stringify(row)).not.toMatch(CARD_DIGITS);
    // Still bounded: an over-long message is refused.
    const long = await post('/api.php?a=portal&b=salvarEtapaErro', {
      esn_fk_ets_codigo: 8,
      mensagem: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
  });

  it('takes the envelope as an object too, and keeps nothing of a resposta that is not one', async () => {
    await post('/api.php?a=portal&b=salvarEtapaErro', {
      esn_fk_ets_codigo: 8,
      cpfCnpj: '529.982.247-25',
      resposta: { retorno: false, mensagem: 'CPF/CNPJ não encontrado!', dados: { pesNome: 'Maria' } },
      mensagem: 'CPF/CNPJ não encontrado!',
    });
    expect(await lastStep()).toMatchObject({
      cpfCnpj: '52998224725',
      errorDetails: {
        resposta: { retorno: false, mensagem: 'CPF/CNPJ não encontrado!' },
        mensagem: 'CPF/CNPJ não encontrado!',
      },
    });
    for (const resposta of [`texto solto ${CARD}`, [CARD], 42]) {
      const res = await post('/api.php?a=portal&b=salvarEtapaErro', { esn_fk_ets_codigo: 8, resposta });
      expect(res.json().retorno).toBe(true);
      expect((await lastStep()).errorDetails).toEqual({ resposta: null, mensagem: '' });
    }
  });
});

describe('free text a client writes: stored and forwarded with the card number masked', () => {
  const masked = `Meu cartão é **** **** **** 1111, cobrem nele.`;
  const typed = `Meu cartão é ${CARD_TYPED}, cobrem nele.`;

  async function outboxText(id: number | null) {
    const [message] = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, id ?? -1));
    return `${message?.subject} ${message?.bodyText} ${message?.bodyHtml}`;
  }

  it('the contact form (enviarContato)', async () => {
    const res = await post(CONTACT_ACTION, validContact({ text: typed }));
    expect(res.json().retorno).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(row!.text).toBe(masked);
    const forwarded = await outboxText(row!.outboundMessageId);
    expect(forwarded).toContain('**** **** **** 1111');
    expect(forwarded).not.toMatch(CARD_DIGITS);
  });

  it('the lead form (cadastrarLead)', async () => {
    const res = await post('/api.php?a=portal&b=cadastrarLead', validLead({ obs: typed }));
    expect(res.json().retorno).toBe(true);
    const [row] = await t.database.db.select().from(leads).orderBy(desc(leads.id)).limit(1);
    expect(row!.notes).toBe(masked);
    expect(await outboxText(row!.outboundMessageId)).not.toMatch(CARD_DIGITS);
  });

  it('the privacy rights request (enviarSolicitacaoPrivacidade)', async () => {
    const res = await post(
      '/api.php?a=portal&b=enviarSolicitacaoPrivacidade',
      validRightsRequest({ solicitacao: typed }),
    );
    expect(res.json().retorno).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(privacyRequests)
      .orderBy(desc(privacyRequests.id))
      .limit(1);
    expect(row!.message).toBe(masked);
    for (const id of [row!.partnerMessageId, row!.personMessageId])
      expect(await outboxText(id)).not.toMatch(CARD_DIGITS);
  });

  it('the job application (trabalhe-conosco)', async () => {
    const res = await post(
      '/api/trabalhe-conosco',
      {
        nome: 'Ana Souza',
        telefone: '(11) 98765-4321',
        email: 'ana@example.com',
        tipoDeAtuacao: 'pleno',
        interesse: 'desenvolvedor front-end',
        mensagem: typed,
        consentimento: true,
      },
      'negocie.portal.localhost:3000',
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(jobApplications)
      .orderBy(desc(jobApplications.id))
      .limit(1);
    expect(row!.message).toBe(masked);
    expect(await outboxText(row!.outboundMessageId)).not.toMatch(CARD_DIGITS);
  });
});

describe('log lines', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never carry a card number, wherever the request put it, and stay JSON', async () => {
    await logged.app.inject({
      method: 'POST',
      url: `/api.php?a=portal&b=salvarEtapa&cartao=${CARD}`,
      payload: { esn_fk_ets_codigo: 31 },
    });
    await logged.app.inject({ method: 'GET', url: '/nada/4111-1111-1111-1111' });
    const requests = lines.filter((line) => line.includes('incoming request'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toContain('cartao=************1111');
    expect(requests[1]).toContain('/nada/****-****-****-1111');
    for (const line of lines) {
      expect(line).not.toMatch(CARD_DIGITS);
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
