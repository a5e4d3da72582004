import { type DividasResposta, instalmentNumbersText } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agreementCoveredInstalments, agreementInstalments, agreements, instalments } from '../src/db/schema';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { recordPayment } from '../src/repositories/payment-repository';
import { countPendingDebts, findPersonByDocument } from '../src/repositories/person-repository';
import { planOfCode } from '../src/repositories/plan-repository';
import { settleIfFullyPaid } from '../src/services/lifecycle/settle-if-fully-paid';
import { insertAgreement } from './agreement-admin-helpers';
import { confirmByBoleto, type DebtCard, firstCashPlan, type Plan } from './debt-helpers';
import { call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { pdfText } from './pdf-text';
import { importLines, instalmentLine } from './portfolio-lines';
import { createTestApp, type TestApp } from './test-app';

// A settled agreement discharges the instalments it covered (agreement_covered_instalments), not its contracts
// (decision 095, found in review): the future entries its plan left out, and what the creditor imports later on the
// contract, stay owed, listed and negotiable.

let t: TestApp;
let maria: string;
let joao: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp();
  [maria, joao] = await Promise.all([login(t, MARIA), login(t, JOAO)]);
  demoId = (await findPartnerByIdentifier(t.database.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
});

const cards = async (cookie = maria) =>
  (
    (await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie })).json()
      .dados as DividasResposta
  ).dividas;
const session = () => ({ cookie: maria, partner: 'demo' });
const listedIds = (card: DebtCard | undefined) =>
  card?.contratos.flatMap((c) => c.parcelas.map((p) => p.par_codigo)) ?? [];

/** The agreement a plan became. */
async function agreementOf(plan: Plan) {
  const [row] = await t.database.db
    .select()
    .from(agreements)
    .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
  return row!;
}

const coveredBy = async (agreementId: number) =>
  (
    await t.database.db
      .select({ id: agreementCoveredInstalments.instalmentId })
      .from(agreementCoveredInstalments)
      .where(eq(agreementCoveredInstalments.agreementId, agreementId))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);

const balanceOf = async (instalmentId: number) =>
  (await t.database.db.select().from(instalments).where(eq(instalments.id, instalmentId)))[0]!.balanceCents;

it('discharges what it covered: the future entries it left out come due, listed and agreed again', async () => {
  const card = (await cards()).find((c) => !c.acordo_ativo && c.lancamentos_futuros.parcelas.length >= 2)!;
  expect(card).toBeDefined();
  const [comingDue, stillFuture] = card.lancamentos_futuros.parcelas.map((p) => p.par_codigo);
  const scope = {
    partnerId: demoId,
    personId: (await findPersonByDocument(t.database.db, '52998224725'))!.id,
  };
  const pendingBefore = await countPendingDebts(t.database.db, scope);

  // Paid in full without the future entries: the agreement covers the instalments due, and settles.
  const plan = await firstCashPlan(t, card, session());
  expect(plan.valorFuturoIncluso).toBe('N');
  expect((await confirmByBoleto(t, plan, session())).json().retorno).toBe(true);
  const settled = await agreementOf(plan);
  const covered = await coveredBy(settled.id);
  expect(covered).toEqual(listedIds(card).sort((a, b) => a - b));
  const payments = await t.database.db
    .select()
    .from(agreementInstalments)
    .where(eq(agreementInstalments.agreementId, settled.id))
    .orderBy(asc(agreementInstalments.number));
  for (const row of payments)
    await recordPayment(t.database.db, {
      instalmentId: row.id,
      chargeId: null,
      kind: 'paid',
      amountCents: row.amountCents,
      occurredOn: row.dueDate,
      cause: `test:paid:${row.id}`,
    });
  expect(await settleIfFullyPaid(t.database.db, settled.id, 'payment:test')).toBe(true);

  // The discharge letter names the instalments the agreement covered, not the contract's whole debt: the future
  // entries it left out are still owed.
  const letter = await t.app.inject({
    method: 'GET',
    url: `/api/acordos/${settled.id}/quitacao.pdf`,
    headers: { host: hostOf('demo'), cookie: maria },
  });
  expect(letter.statusCode).toBe(200);
  const text = await pdfText(letter.rawPayload);
  expect(text).not.toContain('quitação da dívida do(s) contrato(s)');
  const coveredNumbers = (
    await t.database.db.select().from(instalments).where(inArray(instalments.id, covered))
  ).map((row) => row.number);
  const contractNumber = card.contratos[0]!.con_contrato;
  expect(text).toContain(`contrato ${contractNumber}, parcela(s) ${instalmentNumbersText(coveredNumbers)}`);
  expect(text).toContain('As demais parcelas desses contratos não fazem parte do acordo nem desta quitação.');

  // Discharged: none of the covered instalments is listed; the future entries still are, and the contract still
  // counts as a pending debt (before, the whole contract left the list).
  const afterSettling = (await cards()).find((c) => c.chave === card.chave);
  expect(listedIds(afterSettling)).toEqual([]);
  expect(afterSettling?.lancamentos_futuros.parcelas.map((p) => p.par_codigo)).toEqual(
    card.lancamentos_futuros.parcelas.map((p) => p.par_codigo),
  );
  expect(await countPendingDebts(t.database.db, scope)).toBe(pendingBefore);

  // The creditor's next file: the first future entry is due now, unpaid; the covered ones are not yet marked paid.
  await importLines(t.database, demoId, [
    await instalmentLine(t.database, comingDue!, { lancamento_futuro: 'N' }),
  ]);
  const due = (await cards()).find((c) => c.chave === card.chave)!;
  expect(due.acordo_ativo).toBe(false);
  expect(listedIds(due)).toEqual([comingDue]);
  expect(due.lancamentos_futuros.parcelas.map((p) => p.par_codigo)).not.toContain(comingDue);
  expect(due.lancamentos_futuros.parcelas.map((p) => p.par_codigo)).toContain(stillFuture);
  expect(due.total_original).toBe(await balanceOf(comingDue!));

  // Negotiable: the settled agreement holds nothing (decision 013 holds active ones), and the new one covers the
  // instalment now due, not those the first discharged.
  const again = await firstCashPlan(t, due, session());
  expect((await confirmByBoleto(t, again, session())).json().retorno).toBe(true);
  expect(await coveredBy((await agreementOf(again)).id)).toEqual([comingDue]);
  expect((await cards()).find((c) => c.chave === card.chave)?.acordo_ativo).toBe(true);
});

it('a settled agreement without covered instalments (written without them) discharges its contract whole', async () => {
  const card = (await cards(joao)).find((c) => !c.acordo_ativo && c.contratos.length === 1)!;
  expect(card).toBeDefined();
  const contract = card.contratos[0]!;
  await insertAgreement(t.database.db, {
    partnerId: demoId,
    personId: (await findPersonByDocument(t.database.db, '39053344705'))!.id,
    storeId: card.loj_codigo,
    contractId: contract.con_codigo,
    method: 'boleto',
    status: 'settled',
    createdAt: new Date(),
    instalments: [{ dueDate: '2026-01-05', amountCents: 10_000 }],
  });
  const listed = (await cards(joao)).flatMap((c) => c.contratos.map((x) => x.con_codigo));
  expect(listed).not.toContain(contract.con_codigo);
});
