import type { DividasResposta, SegundaVia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  agreementCoveredInstalments,
  agreements,
  contracts,
  instalments,
  persons,
  secondCopies,
} from '../src/db/schema';
import { planOfCode } from '../src/repositories/plan-repository';
import { recordSecondCopyCancelled } from '../src/repositories/second-copy-repository';
import { pixWebhookToken } from '../src/services/payments/pix-webhook-token';
import { confirmByBoleto, type DebtCard, firstCashPlan, type Plan } from './debt-helpers';
import { call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// An instalment paid by its second copy is owed no more (decision 045, found by use: it was charged again). One rule,
// instalmentOwed, decides it for the debt cards, the plans, a new agreement's covered instalments and the export; a
// plan quoted before the payment is refused at passo_4_novo.

const SECRET = 'segredo-dos-webhooks-de-teste';
const STALE_PLAN =
  'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.';

let t: TestApp;
let maria: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  maria = await login(t, MARIA);
});
afterAll(async () => {
  await t?.close();
});

const demo = (action: string, body: Record<string, unknown>) =>
  call(t, `negociacao_robo/${action}`, body, { host: hostOf('demo'), cookie: maria });
const alfa = async () =>
  ((await demo('passo_2_novo', {})).json().dados as DividasResposta).dividas.find(
    (c) => c.loja.loj_fantasia === 'Alfa Eletro',
  )!;
const session = () => ({ cookie: maria, partner: 'demo' });
const cashPlan = (card: DebtCard) => firstCashPlan(t, card, session());
const confirm = (plan: Plan) => confirmByBoleto(t, plan, session());
const send = (codigo: number) =>
  demo('enviar_email_sms', { codigo, tipoEnvio: 'email', enderecoEnvio: 'maria@exemplo.com.br' });
const pdf = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: hostOf('demo'), cookie: maria } });
/** The copy's PIX paid in full, as its PSP's webhook tells it. */
const payByPix = (copy: typeof secondCopies.$inferSelect, endToEndId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/pix/${pixWebhookToken(SECRET, copy.storeId)}/pix`,
    payload: {
      pix: [
        {
          endToEndId,
          txid: copy.txid,
          valor: (copy.amountCents / 100).toFixed(2),
          horario: new Date().toISOString(),
        },
      ],
    },
  });
const debtsVersion = async (personId: number) =>
  (await t.database.db.select().from(persons).where(eq(persons.id, personId)))[0]!.debtsVersion;

it('a copy whose PIX was removed is neither printed nor sent as payable (decision 042 rule)', async () => {
  const card = await alfa();
  const instalment = card.contratos[0]!.parcelas[1]!;
  const item = (
    await demo('emitir_segunda_via_boleto', {
      par_codigo: instalment.par_codigo,
      loj_codigo: card.loj_codigo,
    })
  ).json().dados as SegundaVia;
  expect((await pdf(item.caminho_completo_boleto!)).statusCode).toBe(200);
  // The PSP removed its PIX (reconciliation found it REMOVIDA_PELO_PSP).
  await recordSecondCopyCancelled(t.database.db, item.codigo, 'reconcile:psp:REMOVIDA_PELO_PSP');

  const printed = await pdf(item.caminho_completo_boleto!);
  expect(printed.statusCode).toBe(409);
  expect(printed.headers['content-type']).not.toBe('application/pdf');
  const refusal = {
    retorno: false,
    mensagem: 'Esta 2ª via não pode mais ser paga. Emita uma nova 2ª via pelo portal.',
  };
  expect(printed.json()).toMatchObject(refusal);
  expect((await send(item.codigo)).json()).toMatchObject(refusal);
});

it('an instalment paid by its second copy is not charged again: card, plans, a new agreement and the export', async () => {
  const before = await alfa();
  const contract = before.contratos[0]!;
  const instalment = contract.parcelas[0]!;
  const stalePlan = await cashPlan(before);

  const issued = await demo('emitir_segunda_via_boleto', {
    par_codigo: instalment.par_codigo,
    loj_codigo: before.loj_codigo,
  });
  const item = issued.json().dados as SegundaVia;
  const [copy] = await t.database.db.select().from(secondCopies).where(eq(secondCopies.id, item.codigo));
  // Issuing a copy changes nothing owed: the person's cached listing stays current.
  const version = await debtsVersion(copy!.personId);
  await demo('emitir_segunda_via_boleto', {
    par_codigo: instalment.par_codigo,
    loj_codigo: before.loj_codigo,
  });
  expect(await debtsVersion(copy!.personId)).toBe(version);

  expect((await payByPix(copy!, 'E99999999202611260130OWED00001')).statusCode).toBe(200);
  expect(await debtsVersion(copy!.personId)).toBeGreaterThan(version);

  // The paid copy is not sent to be paid again.
  expect((await send(item.codigo)).json()).toMatchObject({
    retorno: false,
    mensagem: 'Esta parcela já foi paga.',
  });

  // The card: the instalment shown paid, and its value out of every total.
  const after = await alfa();
  expect(after.contratos[0]!.parcelas.find((p) => p.par_codigo === instalment.par_codigo)?.par_paga).toBe(1);
  expect(after.totalCorrigido).toBe(before.totalCorrigido - instalment.corrigido);
  expect(after.total_original).toBe(before.total_original - instalment.par_valor);

  // The plan quoted before the payment priced the paid instalment: refused, with the stale simulation's sentence.
  const refused = await confirm(stalePlan);
  expect(refused.json()).toMatchObject({ retorno: false, mensagem: STALE_PLAN });

  // New plans leave it out, and the agreement made on them does not cover it.
  const plan = await cashPlan(after);
  expect(plan.valor_total_acordo).toBeLessThan(stalePlan.valor_total_acordo);
  const agreed = await confirm(plan);
  expect(agreed.json().retorno).toBe(true);
  const [agreement] = await t.database.db
    .select()
    .from(agreements)
    .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
  const covered = (
    await t.database.db
      .select()
      .from(agreementCoveredInstalments)
      .where(eq(agreementCoveredInstalments.agreementId, agreement!.id))
  ).map((row) => row.instalmentId);
  expect(covered.length).toBeGreaterThan(0);
  expect(covered).not.toContain(instalment.par_codigo);

  // The person's data export says it is paid, not 'em aberto'.
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/meus-dados.json',
    headers: { host: hostOf('demo'), cookie: maria },
  });
  const parcelas = (
    exported.json().contratos as { contrato: string; parcelas: { parcela: number; pago: boolean }[] }[]
  ).find((c) => c.contrato === contract.con_contrato)!.parcelas;
  expect(parcelas.find((p) => p.parcela === instalment.par_prestacao)?.pago).toBe(true);
});

it("a copy's payment raises the version of the contract's current owner, whom an import may have changed", async () => {
  const card = ((await demo('passo_2_novo', {})).json().dados as DividasResposta).dividas.find(
    // A store that issues copies, on a contract no agreement covers (the test above made one on Alfa's first).
    (c) => c.loja.loj_emite_segunda_via_boleto_recupera === 'S' && !c.acordo_ativo,
  )!;
  const instalment = card.contratos[0]!.parcelas.find((p) => p.par_paga !== 1)!;
  const item = (
    await demo('emitir_segunda_via_boleto', {
      par_codigo: instalment.par_codigo,
      loj_codigo: card.loj_codigo,
    })
  ).json().dados as SegundaVia;
  const [copy] = await t.database.db.select().from(secondCopies).where(eq(secondCopies.id, item.codigo));
  // The portfolio import moves the contract to João after the copy was issued to Maria.
  const [joao] = await t.database.db
    .select()
    .from(persons)
    .where(eq(persons.cpfCnpj, JOAO.pesCpfCnpj.replace(/\D/g, '')));
  const [{ contractId }] = (await t.database.db
    .select({ contractId: instalments.contractId })
    .from(instalments)
    .where(eq(instalments.id, instalment.par_codigo))) as [{ contractId: number }];
  await t.database.db.update(contracts).set({ personId: joao!.id }).where(eq(contracts.id, contractId));
  const [joaoBefore, mariaBefore] = [await debtsVersion(joao!.id), await debtsVersion(copy!.personId)];

  expect((await payByPix(copy!, 'E99999999202611260130OWED00002')).statusCode).toBe(200);
  // João's listing, which now shows the contract, and Maria's, whose copy it was, are both read again.
  expect(await debtsVersion(joao!.id)).toBeGreaterThan(joaoBefore);
  expect(await debtsVersion(copy!.personId)).toBeGreaterThan(mariaBefore);
});
