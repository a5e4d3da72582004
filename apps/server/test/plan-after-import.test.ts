import { cpfCheckDigits, type DividasResposta, maskCpf } from '@portal/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { confirmByBoleto, type DebtCard, firstCashPlan, type Plan } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { importLines, instalmentLine } from './portfolio-lines';
import { createTestApp, type TestApp } from './test-app';

// A plan quoted before a portfolio import is accepted only if the import left its instalments as they were priced
// (decision 046): an import raises the debt epoch, not the person's debts version, which passo_4_novo also compares.

const STALE_PLAN =
  'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.';

let t: TestApp;
let maria: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp();
  maria = await login(t, MARIA);
  demoId = (await findPartnerByIdentifier(t.database.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
});

const demo = (action: string, body: Record<string, unknown>) =>
  call(t, `negociacao_robo/${action}`, body, { host: hostOf('demo'), cookie: maria });
const cards = async () => ((await demo('passo_2_novo', {})).json().dados as DividasResposta).dividas;
const session = () => ({ cookie: maria, partner: 'demo' });
const cashPlan = (card: DebtCard) => firstCashPlan(t, card, session());
const confirm = (plan: Plan) => confirmByBoleto(t, plan, session());

/** A negotiable card of Maria's with at least two instalments owed, not `except`. */
async function cardWithInstalments(except?: number): Promise<DebtCard> {
  const card = (await cards()).find(
    (c) =>
      c.loj_codigo !== except &&
      c.contratos.flatMap((contract) => contract.parcelas).filter((p) => p.par_paga === 0).length >= 2,
  );
  expect(card).toBeDefined();
  return card!;
}

it('an import that changes nothing the plan priced (another person, an unchanged line) lets the plan be agreed', async () => {
  const card = await cardWithInstalments();
  const plan = await cashPlan(card);
  const unchanged = await instalmentLine(t.database, card.contratos[0]!.parcelas[0]!.par_codigo);
  const base = '300000777';
  const stranger = {
    ...unchanged,
    cpf_cnpj: maskCpf(base + cpfCheckDigits(base)),
    nome: 'Outra Pessoa',
    contrato: 'OUTRO-1',
  };
  await importLines(t.database, demoId, [unchanged, stranger]);

  expect((await confirm(plan)).json()).toMatchObject({
    retorno: true,
    mensagem: 'Acordo realizado com sucesso!',
  });
});

it('an import that marks one of the priced instalments paid refuses the plan as a stale simulation', async () => {
  const card = await cardWithInstalments((await cards()).find((c) => c.acordo_ativo)?.loj_codigo);
  const plan = await cashPlan(card);
  const owed = card.contratos.flatMap((contract) => contract.parcelas).find((p) => p.par_paga === 0)!;
  await importLines(t.database, demoId, [await instalmentLine(t.database, owed.par_codigo, { pago: 'S' })]);

  // Before, the agreement was made at the plan's price over the instalments still owed: one paid twice over.
  const refused = await confirm(plan);
  expect(refused.json().retorno).toBe(false);
  expect(refused.json().mensagem).toBe(STALE_PLAN);

  // Plans asked for again price what is owed now, and are agreed.
  const again = await cashPlan((await cards()).find((c) => c.loj_codigo === card.loj_codigo)!);
  expect(again.valor_total_acordo).toBeLessThan(plan.valor_total_acordo);
  expect((await confirm(again)).json().retorno).toBe(true);
});
