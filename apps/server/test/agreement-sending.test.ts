import { type DividasResposta, formatBrDate, type PlanosResposta } from '@portal/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  outboundAttachments,
  outboundMessages,
  partnerSections,
  partners,
  persons,
} from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { quotePlans } from './debt-helpers';
import { api, call, hostOf, JOAO, login, MARIA, stepsLogged } from './identification-helpers';
import { header, mimeParts, type ReceivedMail, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';

// Sending an agreement's boletos and confession term (issue 16 item 4, step codes 24, 26 and 38): to the person's
// own e-mail or phone only, through the outbox, the PDF kept with the message.

const CLIENT = '10.3.0.1';
const JOAO_DIGITS = '39053344705';
const LINE_MESSAGE = 'Parcela não encontrada.';
const NO_EMAIL = 'Infelizmente não encontramos nenhum endereço de e-mail vinculado com o seu cadastro...';

interface Instalment {
  aci_codigo: number;
  campo_parcela: string;
  status: string;
  vencimento: string;
  linha_digitavel: string | null;
  pix_copia_cola: string | null;
}
interface Agreement {
  dadosAcordo: { aco_codigo: number; aco_termo_anexo: string | null; parcelas: Instalment[] };
  detalhes: { con_contrato: string }[];
}

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let joao: string;
let maria: string;
/** João's seeded agreement: the entry paid, 1/2 overdue and issued, 2/2 not issued yet. */
let seeded: Agreement['dadosAcordo'];

async function myAgreements(cookie: string): Promise<Agreement[]> {
  const res = await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie, ip: CLIENT });
  expect(res.json().retorno).toBe(true);
  return res.json().dados.acordos;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    mailTransport: smtpTransport(smtp.url),
    env: { RATE_LIMIT_ALLOWLIST: CLIENT, LIMIT_AGREEMENT_SENDS_PER_DAY: '1000' },
  });
  [joao, maria] = await Promise.all([login(t, JOAO), login(t, MARIA)]);
  seeded = (await myAgreements(joao))[0]!.dadosAcordo;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(async () => {
  smtp.state.failing = false;
  smtp.received.length = 0;
  await setMyAgreements({ textEmailBoleto: '', flgTermoCofissao: false });
});

const paid = () => seeded.parcelas[0]!;
const overdue = () => seeded.parcelas[1]!;
const notIssued = () => seeded.parcelas[2]!;

const send = (action: string, body: Record<string, unknown>, cookie = joao, ip = CLIENT) =>
  call(t, action, body, { host: hostOf('demo'), cookie, ip });
const sendEmail = (body: Record<string, unknown>, cookie = joao) => send('mail/envioPortal', body, cookie);
const sendSms = (body: Record<string, unknown>, cookie = joao) =>
  send('negociacao_robo/enviar_boletos_sms', body, cookie);
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), cookie }, remoteAddress: CLIENT });

async function setMyAgreements(settings: Record<string, unknown>): Promise<void> {
  const { db } = t.database;
  const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const where = and(eq(partnerSections.partnerId, demo!.id), eq(partnerSections.name, 'customization'));
  const [section] = await db.select().from(partnerSections).where(where);
  const fields = section!.fields as { myAgreements?: Record<string, unknown> };
  await db
    .update(partnerSections)
    .set({ fields: { ...fields, myAgreements: { ...fields.myAgreements, ...settings } } })
    .where(where);
  t.app.partnerCache.invalidate(demo!.id);
}

async function outboxCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return row!.n;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

function textOf(mail: ReceivedMail): string {
  return mimeParts(mail)
    .find((p) => p.contentType === 'text/plain')!
    .content.toString('utf8');
}

function pdfAttachment(mail: ReceivedMail) {
  const attachment = mimeParts(mail).find((p) => p.contentType === 'application/pdf');
  expect(attachment).toBeDefined();
  return attachment!;
}

describe('mail/envioPortal: the ticked boletos by e-mail', () => {
  it("arrives at the person's e-mail on file with the partner's text, the first name and the PDF", async () => {
    await setMyAgreements({ textEmailBoleto: 'Olá {nome}, seguem os boletos do seu acordo.' });
    const res = await sendEmail({
      aci_codigo: String(overdue().aci_codigo),
      // The legacy body's address, subject and text are not read: no open relay.
      pem_email: 'intruso@example.com',
      email_assunto: 'Assunto do cliente',
      email_texto: 'Texto do cliente',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'E-mail enviado com sucesso.' });

    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['joao.lima@example.com']);
    expect(header(mail!, 'Subject')).toBe('[Portal Demo] Boletos do seu acordo com Alfa Eletro');
    const text = textOf(mail!);
    expect(text).toContain('Olá João, seguem os boletos do seu acordo.');
    expect(text).toContain(`Linha digitável: ${overdue().linha_digitavel}`);
    expect(text).toContain(`vencimento ${formatBrDate(overdue().vencimento)}`);
    expect(mail!.raw).not.toContain('intruso');
    expect(mail!.raw).not.toContain('Texto do cliente');

    const pdf = pdfAttachment(mail!);
    expect(pdf.filename).toBe(`boletos_${overdue().aci_codigo}.pdf`);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf.content)).toContain(overdue().linha_digitavel!);
    expect(await stepsLogged(t, 24, JOAO_DIGITS)).toBeGreaterThan(0);
  });

  it('uses a default text with the first name when the partner wrote none', async () => {
    await sendEmail({ aci_codigo: overdue().aci_codigo });
    await t.app.outbox.runOnce();
    expect(textOf(smtp.received[0]!)).toMatch(/^Olá, João!/);
  });

  it('keeps the message and its PDF while SMTP is down, and a later attempt sends the same bytes', async () => {
    smtp.state.failing = true;
    expect((await sendEmail({ aci_codigo: overdue().aci_codigo })).json().retorno).toBe(true);
    expect(await t.app.outbox.runOnce()).toBe(1);
    const { db } = t.database;
    const [queued] = await db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'agreement-boletos'))
      .orderBy(outboundMessages.id)
      .then((rows) => rows.slice(-1));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued!.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);

    smtp.state.failing = false;
    await db
      .update(outboundMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboundMessages.id, queued!.id));
    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [stored] = await db
      .select()
      .from(outboundAttachments)
      .where(eq(outboundAttachments.messageId, queued!.id));
    expect(pdfAttachment(smtp.received[0]!).content.equals(stored!.content)).toBe(true);
    const [sent] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('lists the attachment, by name and size, on the development mailbox', async () => {
    await sendEmail({ aci_codigo: overdue().aci_codigo });
    const json = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    const [latest] = json.json().data;
    expect(latest.attachments).toEqual([
      { filename: `boletos_${overdue().aci_codigo}.pdf`, size: expect.any(Number) },
    ]);
    expect(latest.attachments[0].size).toBeGreaterThan(5_000);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`<strong>Anexos:</strong> boletos_${overdue().aci_codigo}.pdf (`);
  });

  it.each([
    [
      "another person's instalment",
      () => ({ cookie: maria, codes: overdue().aci_codigo }),
      404,
      LINE_MESSAGE,
    ],
    ['a code that does not exist', () => ({ cookie: joao, codes: 99_999_999 }), 404, LINE_MESSAGE],
    [
      'one of its own with a foreign one',
      () => ({ cookie: joao, codes: `${overdue().aci_codigo},99999999` }),
      404,
      LINE_MESSAGE,
    ],
    [
      'a paid instalment',
      () => ({ cookie: joao, codes: paid().aci_codigo }),
      409,
      'Esta parcela já foi paga.',
    ],
    [
      'an instalment not issued yet',
      () => ({ cookie: joao, codes: notIssued().aci_codigo }),
      409,
      'O boleto desta parcela ainda não foi gerado.',
    ],
  ])('refuses %s and queues nothing', async (_case, input, status, message) => {
    const before = await outboxCount();
    const { cookie, codes } = input();
    const res = await sendEmail({ aci_codigo: codes }, cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: message });
    expect(await outboxCount()).toBe(before);
  });

  it('asks for a ticked instalment, and a session', async () => {
    const res = await sendEmail({});
    expect(res.statusCode).toBe(400);
    expect(res.json().dados).toEqual({ aci_codigo: 'Selecione pelo menos uma parcela!' });
    expect((await sendEmail({ aci_codigo: overdue().aci_codigo }, '')).statusCode).toBe(401);
  });

  it('answers the spec message to a person without an e-mail on file, and queues nothing', async () => {
    const { db } = t.database;
    const before = await outboxCount();
    await db.update(persons).set({ email: null }).where(eq(persons.cpfCnpj, JOAO_DIGITS));
    try {
      for (const body of [
        { aci_codigo: overdue().aci_codigo },
        { termo: 'S', aco_codigo: seeded.aco_codigo },
      ]) {
        const res = await sendEmail(body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ retorno: false, dados: null, mensagem: NO_EMAIL });
      }
    } finally {
      await db
        .update(persons)
        .set({ email: 'joao.lima@example.com' })
        .where(eq(persons.cpfCnpj, JOAO_DIGITS));
    }
    expect(await outboxCount()).toBe(before);
  });
});

describe('the confession term (myAgreements.flgTermoCofissao)', () => {
  const termPath = () => `/api/acordos/${seeded.aco_codigo}/termo.pdf`;

  it('does not exist where the partner does not offer it', async () => {
    expect((await myAgreements(joao))[0]!.dadosAcordo.aco_termo_anexo).toBeNull();
    expect((await get(termPath(), joao)).statusCode).toBe(404);
    const res = await sendEmail({ termo: 'S', aco_codigo: seeded.aco_codigo });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      retorno: false,
      mensagem: 'O termo de confissão de dívida não está disponível neste portal.',
    });
  });

  it("is served to the agreement's owner only, with the debtor, the contracts, every instalment and the release", async () => {
    await setMyAgreements({ flgTermoCofissao: true });
    const [agreement] = await myAgreements(joao);
    expect(agreement!.dadosAcordo.aco_termo_anexo).toBe(termPath());
    const res = await get(termPath(), joao);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="termo_confissao_${seeded.aco_codigo}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Termo de confissão de dívida');
    expect(text).toContain('João Pereira Lima');
    expect(text).toContain('390.***.***-05');
    expect(text).not.toContain(JOAO_DIGITS);
    expect(text).toContain('Alfa Eletrodomésticos S.A. (Alfa Eletro)');
    expect(text).toContain(agreement!.detalhes[0]!.con_contrato);
    expect(text).toMatch(/R\$\s1\.500,00/);
    for (const instalment of seeded.parcelas) expect(text).toContain(formatBrDate(instalment.vencimento));
    expect(text).toContain('5 (cinco) dias úteis');
    expect((await get(`${termPath()}?download=1`, joao)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );

    for (const cookie of [maria, '']) {
      const other = await get(termPath(), cookie);
      expect(other.statusCode).toBe(cookie ? 404 : 401);
      expect(other.headers['content-type']).not.toBe('application/pdf');
    }
    expect((await get('/api/acordos/99999999/termo.pdf', joao)).statusCode).toBe(404);
  });

  it('goes by e-mail with the term attached, and logs step 26', async () => {
    await setMyAgreements({ flgTermoCofissao: true });
    const res = await sendEmail({ termo: 'S', aco_codigo: seeded.aco_codigo, pem_email: 'x@example.com' });
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'E-mail enviado com sucesso.' });
    await t.app.outbox.runOnce();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['joao.lima@example.com']);
    expect(header(mail!, 'Subject')).toBe(
      `[Portal Demo] Termo de confissão de dívida do acordo ${seeded.aco_codigo}`,
    );
    expect(textOf(mail!)).toMatch(/^Olá, João\./);
    const pdf = pdfAttachment(mail!);
    expect(pdf.filename).toBe(`termo_confissao_${seeded.aco_codigo}.pdf`);
    expect(await pdfText(pdf.content)).toContain('Termo de confissão de dívida');
    expect(await stepsLogged(t, 26, JOAO_DIGITS)).toBeGreaterThan(0);
  });

  it("refuses another person's agreement and queues nothing", async () => {
    await setMyAgreements({ flgTermoCofissao: true });
    const before = await outboxCount();
    const res = await sendEmail({ termo: 'S', aco_codigo: seeded.aco_codigo }, maria);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: 'Acordo não encontrado.' });
    expect(await outboxCount()).toBe(before);
  });
});

describe('negociacao_robo/enviar_boletos_sms', () => {
  const smsTo = async (phone: string) =>
    t.database.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.channel, 'sms'), eq(outboundMessages.recipient, phone)));

  it('queues one SMS per boleto to the phone on file, with the store, line and PIX code, and logs step 38', async () => {
    const res = await sendSms({ aci_codigo: overdue().aci_codigo, fone: '(21) 99876-5432' });
    expect(res.json()).toEqual({
      retorno: true,
      dados: null,
      mensagem: 'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
    });
    const [sms] = await smsTo('21998765432');
    expect(sms!.template).toBe('agreement-boleto');
    expect(sms!.bodyText).toContain('Alfa Eletro');
    expect(sms!.bodyText).toContain(formatBrDate(overdue().vencimento));
    expect(sms!.bodyText).toContain(overdue().linha_digitavel!);
    expect(sms!.bodyText).toContain(overdue().pix_copia_cola!);
    expect(await stepsLogged(t, 38, JOAO_DIGITS)).toBeGreaterThan(0);
  });

  it.each([
    [
      'a phone not on file',
      '(21) 91111-2222',
      200,
      'Este celular não está no seu cadastro. Informe um celular cadastrado.',
    ],
    ['10 digits', '(21) 9987-6543', 200, 'Digite um celular válido'],
    ['no phone', '', 200, 'Digite um celular válido'],
  ])('refuses %s and queues nothing', async (_case, fone, status, message) => {
    const before = await outboxCount();
    const res = await sendSms({ aci_codigo: overdue().aci_codigo, fone });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: message });
    expect(await outboxCount()).toBe(before);
  });

  it("refuses another person's instalment, even to that person's own phone, and a paid one", async () => {
    const before = await outboxCount();
    const foreign = await sendSms({ aci_codigo: overdue().aci_codigo, fone: '(11) 98765-4321' }, maria);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ retorno: false, mensagem: LINE_MESSAGE });
    const paidOne = await sendSms({ aci_codigo: paid().aci_codigo, fone: '(21) 99876-5432' });
    expect(paidOne.json()).toMatchObject({ retorno: false, mensagem: 'Esta parcela já foi paga.' });
    expect(await outboxCount()).toBe(before);
  });

  it('also sends to the phone confirmed with the agreement', async () => {
    const cards: DividasResposta = (
      await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria })
    ).json().dados;
    const card = cards.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
    const plans = await quotePlans(t, card, { cookie: maria, partner: 'demo' });
    const plan = (plans.json().dados as PlanosResposta).pre_acordo.at(-1)!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: api('negociacao_robo/passo_4_novo'),
      payload: {
        praCodigo: plan.pra_codigo,
        formaDePagamento: 'boleto',
        primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
        telefone: '(11) 91234-5678',
      },
      headers: { host: hostOf('demo'), cookie: maria },
      remoteAddress: CLIENT,
    });
    expect(confirmed.json().retorno).toBe(true);
    try {
      const [mine] = await myAgreements(maria);
      const first = mine!.dadosAcordo.parcelas[0]!;
      expect(first.linha_digitavel).not.toBeNull();
      const res = await sendSms({ aci_codigo: first.aci_codigo, fone: '11912345678' }, maria);
      expect(res.json().retorno).toBe(true);
      expect(await smsTo('11912345678')).toHaveLength(1);
      // A plan paid in full: the SMS and the boleto name it once (instalmentName), never 'parcela Parcela única'.
      expect(first.campo_parcela).toBe('Parcela única');
      const [sms] = await smsTo('11912345678');
      expect(sms!.bodyText).toContain('Banco Horizonte: parcela única do acordo');
      const boleto = await get(`/api/acordos/boletos.pdf?parcelas=${first.aci_codigo}`, maria);
      expect(boleto.statusCode).toBe(200);
      const printed = await pdfText(boleto.rawPayload);
      expect(printed).toContain('Banco Horizonte: parcela única, vencimento');
      expect(printed).not.toContain('parcela Parcela');
      // Maria's phone on file is hers too; João's is not.
      expect(
        (await sendSms({ aci_codigo: first.aci_codigo, fone: '11987654321' }, maria)).json().retorno,
      ).toBe(true);
      expect(
        (await sendSms({ aci_codigo: first.aci_codigo, fone: '21998765432' }, maria)).json().retorno,
      ).toBe(false);
    } finally {
      // Agreements end by status, never by a delete.
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, confirmed.json().dados.aco_codigo));
    }
  });
});

describe('limits', () => {
  let limited: TestApp;
  let cookie: string;
  let instalment: number;
  beforeAll(async () => {
    limited = await createTestApp({ env: { LIMIT_AGREEMENT_SENDS_PER_DAY: '2' } });
    cookie = await login(limited, JOAO);
    const res = await call(limited, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie });
    instalment = res.json().dados.acordos[0].dadosAcordo.parcelas[1].aci_codigo;
  });
  afterAll(async () => {
    await limited?.close();
  });
  let lastIp = 0;
  const sendFrom = (action: string, body: Record<string, unknown>, ip = `10.3.1.${++lastIp}`) =>
    call(limited, action, body, { host: hostOf('demo'), cookie, ip });

  it('lets one client make 5 sends a minute on each action', async () => {
    for (const action of ['mail/envioPortal', 'negociacao_robo/enviar_boletos_sms']) {
      const statuses: number[] = [];
      // Refused bodies (a 10-digit phone, a code that is not the person's) count as well, and send nothing.
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await sendFrom(action, { aci_codigo: 99_999_999, fone: '2199876543' }, '10.3.2.1')).statusCode,
        );
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    }
  });

  it("caps a person's sends a day on each channel, with a clear refusal", async () => {
    const email = () => sendFrom('mail/envioPortal', { aci_codigo: instalment });
    expect((await email()).json().retorno).toBe(true);
    expect((await email()).json().retorno).toBe(true);
    const third = await email();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      retorno: false,
      mensagem: 'Você atingiu o limite de envios por hoje. Tente novamente amanhã.',
    });
    // The cap is per channel: SMS still go.
    const sms = await sendFrom('negociacao_robo/enviar_boletos_sms', {
      aci_codigo: instalment,
      fone: '21998765432',
    });
    expect(sms.json().retorno).toBe(true);
    const [sent] = await limited.database.db.select({ n: count() }).from(outboundMessages);
    expect(sent!.n).toBe(3);
  });

  it("removes the PDFs of the person's messages when the person's data are erased", async () => {
    const { db } = limited.database;
    const before = await db.select({ id: outboundAttachments.id }).from(outboundAttachments);
    expect(before.length).toBeGreaterThan(0);
    const erased = await sendFrom('portal/solicitarEliminacaoDados', {});
    expect(erased.json().retorno).toBe(true);
    const left = await db
      .select({ id: outboundAttachments.id })
      .from(outboundAttachments)
      .where(
        inArray(
          outboundAttachments.id,
          before.map((b) => b.id),
        ),
      );
    expect(left).toEqual([]);
  });
});
