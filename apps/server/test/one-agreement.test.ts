import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AGREED_ELSEWHERE_MESSAGE,
  type DividasResposta,
  formatBrDate,
  type PlanosResposta,
} from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { agreementContracts, agreements } from '../src/db/schema';
import { type DebtCard as Card, quotePlans } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { createTestApp, scratchPostgres, type TestApp } from './test-app';

// One debt, one agreement (issue 14): whatever the interleaving of requests and whichever partner serves the store,
// a contract is under at most one active agreement, and only the contracts an agreement covers are blocked.

type Plan = PlanosResposta['pre_acordo'][number];

// The race below is a load generator of its own: its 20 confirmations come from one address the limits skip.
const RACE_CLIENT = '10.2.0.20';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: RACE_CLIENT } });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with no active agreement: the ones it made end (cancelled), as every agreement does, by status.
afterEach(async () => {
  await t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.status, 'active'));
});

async function cards(cookie: string, partner: string, store: string): Promise<Card[]> {
  const res = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf(partner), cookie });
  return (res.json().dados as DividasResposta).dividas.filter((d) => d.loja.loj_fantasia === store);
}

const quote = (cookie: string, partner: string, card: Card, body: Record<string, unknown> = {}) =>
  quotePlans(t, card, { cookie, partner }, body);

async function plansFor(cookie: string, partner: string, card: Card, body: Record<string, unknown> = {}) {
  const res = await quote(cookie, partner, card, body);
  expect(res.json().retorno).toBe(true);
  return (res.json().dados as PlanosResposta).pre_acordo;
}

function confirm(cookie: string, partner: string, plan: Plan, ip?: string) {
  return call(
    t,
    'negociacao_robo/passo_4_novo',
    {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'boleto',
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
    },
    { host: hostOf(partner), cookie, ...(ip ? { ip } : {}) },
  );
}

const SAVED = { retorno: true, mensagem: 'Acordo realizado com sucesso!' };
const ACTIVE = { retorno: false, mensagem: 'Acordo Ativo' };

const activeAgreementsOf = (personId: number) =>
  t.database.db
    .select()
    .from(agreements)
    .where(and(eq(agreements.personId, personId), eq(agreements.status, 'active')));

describe('passo_4_novo: one active agreement per contract', () => {
  it('20 parallel confirmations of different plans for one debt give 1 agreement and 19 clear refusals', async () => {
    const maria = await login(t, MARIA);
    const [card] = await cards(maria, 'demo', 'Banco Horizonte');
    // Twenty different plans of the same card: 1 to 20 instalments (Banco Horizonte allows up to 24).
    const plans = (await plansFor(maria, 'demo', card!, { pagamentoAvistaPrazo: 'P' })).slice(0, 20);
    expect(new Set(plans.map((p) => p.pra_quantidade)).size).toBe(20);
    const answers = await Promise.all(plans.map((plan) => confirm(maria, 'demo', plan, RACE_CLIENT)));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.retorno)).toEqual([expect.objectContaining(SAVED)]);
    // Refused by the unique index, each says the agreement that won is on this partner's Meus Acordos.
    expect(bodies.filter((b) => !b.retorno)).toEqual(
      Array(19).fill(expect.objectContaining({ ...ACTIVE, dados: { acordo_em_outro_portal: false } })),
    );
    const active = await activeAgreementsOf(card!.pes_codigo);
    expect(active.map((a) => a.id)).toEqual([bodies.find((b) => b.retorno).dados.aco_codigo]);
    // The refused ones left nothing behind.
    expect(
      await t.database.db.select().from(agreements).where(eq(agreements.personId, card!.pes_codigo)),
    ).toHaveLength(1);

    // Once that agreement ends, the debt can be agreed again.
    await t.database.db
      .update(agreements)
      .set({ status: 'cancelled' })
      .where(eq(agreements.id, active[0]!.id));
    const [again] = await cards(maria, 'demo', 'Banco Horizonte');
    expect(again!.acordo_ativo).toBe(false);
    const [plan] = await plansFor(maria, 'demo', again!);
    expect((await confirm(maria, 'demo', plan!)).json()).toMatchObject(SAVED);
  }, 60_000);

  it('a contract agreed through one partner is under agreement on every partner that serves its store', async () => {
    const onDemo = await login(t, MARIA);
    const onAcme = await login(t, MARIA, 'acme');
    const [acmeCard] = await cards(onAcme, 'acme', 'Banco Horizonte');
    // A plan issued on acme before the agreement is made on demo.
    const [acmePlan] = await plansFor(onAcme, 'acme', acmeCard!);
    const [demoCard] = await cards(onDemo, 'demo', 'Banco Horizonte');
    const [demoPlan] = await plansFor(onDemo, 'demo', demoCard!);
    expect((await confirm(onDemo, 'demo', demoPlan!)).json()).toMatchObject(SAVED);

    const [shown] = await cards(onAcme, 'acme', 'Banco Horizonte');
    expect(shown!.acordo_ativo).toBe(true);
    // acme's Meus Acordos lists acme's agreements only: the card says the agreement is elsewhere; demo's is here.
    expect(shown!.acordo_em_outro_portal).toBe(true);
    const onAcmeAgreements = await call(
      t,
      'negociacao_robo/passo_5',
      {},
      { host: hostOf('acme'), cookie: onAcme },
    );
    expect(onAcmeAgreements.json().dados.acordos).toEqual([]);
    const [agreedHere] = await cards(onDemo, 'demo', 'Banco Horizonte');
    expect([agreedHere!.acordo_ativo, agreedHere!.acordo_em_outro_portal]).toEqual([true, false]);
    const store = await call(
      t,
      'negociacao_robo/passo_2_novo',
      { lojCodigo: shown!.loj_codigo },
      { host: hostOf('acme'), cookie: onAcme },
    );
    expect(store.json()).toMatchObject(ACTIVE);
    // The refusals say the agreement is not this partner's, so the portal does not point to its Meus Acordos.
    const elsewhere = { ...ACTIVE, dados: { acordo_em_outro_portal: true } };
    expect((await quote(onAcme, 'acme', shown!)).json()).toMatchObject(elsewhere);
    expect((await confirm(onAcme, 'acme', acmePlan!)).json()).toMatchObject(elsewhere);
    expect(await activeAgreementsOf(shown!.pes_codigo)).toHaveLength(1);
    // On the partner it was made through, the same refusal points there.
    const [demoAgain] = await cards(onDemo, 'demo', 'Banco Horizonte');
    expect((await quote(onDemo, 'demo', demoAgain!)).json()).toMatchObject({
      ...ACTIVE,
      dados: { acordo_em_outro_portal: false },
    });
  });

  it('confirmations through two partners at once for one debt give 1 agreement; each refusal names where it is', async () => {
    const sessions = { demo: await login(t, MARIA), acme: await login(t, MARIA, 'acme') };
    const [newest] = await t.database.db
      .select({ id: sql<number>`coalesce(max(${agreements.id}), 0)::int` })
      .from(agreements);
    const sent: { partner: 'demo' | 'acme'; plan: Plan }[] = [];
    for (const partner of ['demo', 'acme'] as const) {
      const [card] = await cards(sessions[partner], partner, 'Banco Horizonte');
      const plans = await plansFor(sessions[partner], partner, card!, { pagamentoAvistaPrazo: 'P' });
      for (const plan of plans.slice(0, 6)) sent.push({ partner, plan });
    }
    const answers = await Promise.all(
      sent.map(({ partner, plan }) => confirm(sessions[partner], partner, plan, RACE_CLIENT)),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(Array(sent.length).fill(200));
    const bodies = answers.map((a) => a.json());
    const won = bodies.findIndex((b) => b.retorno);
    expect(bodies.filter((b) => b.retorno)).toEqual([expect.objectContaining(SAVED)]);
    const winner = sent[won]!.partner;
    // A refusal on the partner that won points to its Meus Acordos; on the other, it says the agreement is elsewhere.
    bodies.forEach((body, i) => {
      if (i === won) return;
      const elsewhere = sent[i]!.partner !== winner;
      expect(body).toMatchObject({ ...ACTIVE, dados: { acordo_em_outro_portal: elsewhere } });
    });
    const [card] = await cards(sessions[winner], winner, 'Banco Horizonte');
    const active = await activeAgreementsOf(card!.pes_codigo);
    expect(active.map((a) => a.id)).toEqual([bodies[won].dados.aco_codigo]);
    // The refused ones left nothing behind.
    expect(await t.database.db.select().from(agreements).where(gt(agreements.id, newest!.id))).toHaveLength(
      1,
    );
  }, 60_000);

  it('where a store shows one card per contract, the other cards stay negotiable', async () => {
    const maria = await login(t, MARIA);
    // Alfa Eletro groups by contract (contratos_iguais) on demo: one card per contract.
    const [first, sibling] = await cards(maria, 'demo', 'Alfa Eletro');
    const [plan] = await plansFor(maria, 'demo', first!);
    expect((await confirm(maria, 'demo', plan!)).json()).toMatchObject(SAVED);

    const [agreed, other] = await cards(maria, 'demo', 'Alfa Eletro');
    expect([agreed!.acordo_ativo, other!.acordo_ativo]).toEqual([true, false]);
    expect((await quote(maria, 'demo', first!)).json()).toMatchObject(ACTIVE);
    const [siblingPlan] = await plansFor(maria, 'demo', sibling!);

    // Instalments of the agreed contract are paid through the agreement; the sibling's get second copies.
    const secondCopy = (card: Card) =>
      call(
        t,
        'negociacao_robo/emitir_segunda_via_boleto',
        { par_codigo: card.contratos[0]!.parcelas[0]!.par_codigo, loj_codigo: card.loj_codigo },
        { host: hostOf('demo'), cookie: maria },
      );
    expect((await secondCopy(agreed!)).json()).toMatchObject({
      retorno: false,
      mensagem: 'Esta dívida já está em um acordo. Pague pelos boletos do acordo em Meus Acordos.',
    });
    expect((await secondCopy(other!)).json().retorno).toBe(true);

    // negocie negotiates Alfa Eletro's contracts together: there the store-level 'Acordo Ativo' stays.
    const onNegocie = await login(t, MARIA, 'negocie');
    const [whole] = await cards(onNegocie, 'negocie', 'Alfa Eletro');
    expect(whole!.pre_codigos).toEqual([...first!.pre_codigos, ...sibling!.pre_codigos]);
    expect(whole!.acordo_ativo).toBe(true);
    expect(whole!.acordo_em_outro_portal).toBe(true);
    expect(agreed!.acordo_em_outro_portal).toBe(false);
    expect((await quote(onNegocie, 'negocie', whole!)).json()).toMatchObject(ACTIVE);
    // Its instalments are paid through the agreement's boletos, which negocie's Meus Acordos does not list.
    const onNegocieCopy = await call(
      t,
      'negociacao_robo/emitir_segunda_via_boleto',
      { par_codigo: agreed!.contratos[0]!.parcelas[0]!.par_codigo, loj_codigo: whole!.loj_codigo },
      { host: hostOf('negocie'), cookie: onNegocie },
    );
    expect(onNegocieCopy.json()).toMatchObject({ retorno: false, mensagem: AGREED_ELSEWHERE_MESSAGE });

    // The sibling contract is agreed on its own.
    expect((await confirm(maria, 'demo', siblingPlan!)).json()).toMatchObject(SAVED);
    expect(await activeAgreementsOf(first!.pes_codigo)).toHaveLength(2);
  });
});

describe('migration 0010: existing agreements move to agreement_contracts', () => {
  const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

  /** The committed migrations up to 0009, as a database made before this issue has them. */
  function migrationsBefore0010(): string {
    const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
    cpSync(migrations, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 10);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  }

  it('links every agreement to its contracts; of active agreements over one contract, the oldest stays active', async () => {
    const scratch = process.env.TEST_DATABASE_URL
      ? await scratchPostgres(process.env.TEST_DATABASE_URL)
      : null;
    const database = await openDatabase({ url: scratch?.url });
    try {
      const migrationsFolder = migrationsBefore0010();
      if (database.kind === 'postgres') await migrateNodePg(database.db as never, { migrationsFolder });
      else await migratePglite(database.db as never, { migrationsFolder });
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        (await database.db.execute(query)).rows as unknown as T[];
      // Rows as that schema has them (the demo seed writes today's columns, which 0009 lacks).
      await database.db.execute(
        sql`insert into partners (identificador, nome, emp_codigo, estilo) values ('antigo', 'Antigo', 4242, '{}')`,
      );
      const [store] = await rows<{ id: number }>(
        sql`insert into stores (loj_fantasia, loj_razao_social, loj_cpf_cnpj) values ('Loja', 'Loja Ltda', '11222333000181') returning id`,
      );
      const [maria] = await rows<{ id: number }>(
        sql`insert into persons (cpf_cnpj, nome) values ('52998224725', 'Maria') returning id`,
      );
      const owned = await rows<{ id: number; store_id: number }>(
        sql`insert into contracts (person_id, store_id, con_contrato) values (${maria!.id}, ${store!.id}, 'C-1'), (${maria!.id}, ${store!.id}, 'C-2') returning id, store_id`,
      );
      const [x, y] = owned;
      const agreement = (status: string, contractIds: number[], store = x!.store_id) =>
        sql`insert into agreements (partner_id, person_id, store_id, status, forma_pagamento, quantidade_parcelas,
          valor_entrada, valor_parcela, valor_negociado, primeiro_vencimento, contract_ids)
          values ((select min(id) from partners), ${maria!.id}, ${store}, ${status}, 'boleto', 0, 100, 0, 100,
          '2030-01-10', ${JSON.stringify(contractIds)}::jsonb) returning aco_codigo as id`;
      // The race of issue 14 left two active agreements over contract x; a cancelled one and one over y stay as
      // they are.
      const [first] = await rows<{ id: number }>(agreement('active', [x!.id]));
      const [second] = await rows<{ id: number }>(agreement('active', [x!.id]));
      const [cancelled] = await rows<{ id: number }>(agreement('cancelled', [x!.id]));
      const [other] = await rows<{ id: number }>(agreement('active', [y!.id], y!.store_id));

      await database.migrate();

      const links = await database.db
        .select()
        .from(agreementContracts)
        .orderBy(asc(agreementContracts.agreementId));
      expect(links).toEqual([
        { agreementId: first!.id, agreementStatus: 'active', contractId: x!.id },
        { agreementId: second!.id, agreementStatus: 'cancelled', contractId: x!.id },
        { agreementId: cancelled!.id, agreementStatus: 'cancelled', contractId: x!.id },
        { agreementId: other!.id, agreementStatus: 'active', contractId: y!.id },
      ]);
      const statuses = await database.db
        .select({ id: agreements.id, status: agreements.status })
        .from(agreements)
        .orderBy(asc(agreements.id));
      expect(statuses.map((a) => a.status)).toEqual(['active', 'cancelled', 'cancelled', 'active']);
    } finally {
      await database.close();
      await scratch?.drop();
    }
  }, 120_000);
});
