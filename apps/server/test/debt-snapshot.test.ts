import { Readable } from 'node:stream';
import { cnpjCheckDigits, type DividasResposta, maskCnpj } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementContracts,
  agreements,
  contracts,
  debtViewEpoch,
  instalments,
  partnerStores,
  partners,
  stores,
} from '../src/db/schema';
import { importPortfolio } from '../src/services/import/import-portfolio';
import { PORTFOLIO_COLUMNS, type PortfolioColumn } from '../src/services/import/validate-portfolio';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// The debts a server process keeps per person (debt-snapshot.ts, decision 012) are never served after a change:
// each write below is made straight in the database, as an import or another process would, between two listings
// of the same session.

let t: TestApp;
let maria: string;
beforeAll(async () => {
  t = await createTestApp();
  maria = await login(t, MARIA);
});
afterAll(async () => {
  await t?.close();
});

async function listing(
  body: Record<string, unknown> = {},
  session = { cookie: maria, partner: 'demo' },
): Promise<DividasResposta> {
  const res = await call(t, 'negociacao_robo/passo_2_novo', body, {
    host: hostOf(session.partner),
    cookie: session.cookie,
  });
  expect(res.json().retorno).toBe(true);
  return res.json().dados;
}

/** An agreement over a card's contracts recorded straight in the database, through the partner given. */
async function recordAgreement(
  card: DividasResposta['dividas'][number],
  partner: string,
  contractIds: number[],
) {
  const [row] = await t.database.db.select().from(partners).where(eq(partners.identifier, partner));
  const [agreement] = await t.database.db
    .insert(agreements)
    .values({
      partnerId: row!.id,
      personId: card.pes_codigo,
      storeId: card.loj_codigo,
      paymentMethod: 'boleto',
      instalmentCount: 0,
      entryCents: card.total_corrigido_avista,
      instalmentCents: 0,
      totalCents: card.total_corrigido_avista,
      firstDueDate: '2030-01-10',
    })
    .returning({ id: agreements.id });
  if (contractIds.length)
    await t.database.db
      .insert(agreementContracts)
      .values(contractIds.map((contractId) => ({ agreementId: agreement!.id, contractId })));
  return agreement!.id;
}

const epoch = async () => (await t.database.db.select().from(debtViewEpoch))[0]!.epoch;

const cardOf = (answer: DividasResposta, tradeName: string) =>
  answer.dividas.find((d) => d.loja.loj_fantasia === tradeName);

describe('kept debts follow every change to what they are made of', () => {
  it('an instalment paid elsewhere leaves the listing at once', async () => {
    const before = cardOf(await listing(), 'Bela Casa')!;
    const [first] = before.contratos[0]!.parcelas;
    await t.database.db.update(instalments).set({ paid: true }).where(eq(instalments.id, first!.par_codigo));
    const after = cardOf(await listing(), 'Bela Casa')!;
    const ids = after.contratos.flatMap((c) => c.parcelas.map((p) => p.par_codigo));
    expect(ids).not.toContain(first!.par_codigo);
    expect(after.total_original).toBe(before.total_original - first!.par_valor);
  });

  it('a new contract of the person shows on the next listing', async () => {
    const card = cardOf(await listing(), 'Banco Horizonte')!;
    const [contract] = await t.database.db
      .insert(contracts)
      .values({ personId: card.pes_codigo, storeId: card.loj_codigo, number: 'SNAP-1' })
      .returning({ id: contracts.id });
    await t.database.db.insert(instalments).values({
      contractId: contract!.id,
      number: 1,
      dueDate: '2030-01-10',
      amountCents: 12_345,
      balanceCents: 12_345,
    });
    const after = cardOf(await listing(), 'Banco Horizonte')!;
    expect(after.contratos.map((c) => c.con_contrato)).toContain('SNAP-1');
  });

  it('a store edit and a partner link change show on the next listing', async () => {
    const card = cardOf(await listing(), 'Banco Horizonte')!;
    await t.database.db
      .update(stores)
      .set({ tradeName: 'Banco Horizonte S.A.' })
      .where(eq(stores.id, card.loj_codigo));
    expect(cardOf(await listing(), 'Banco Horizonte S.A.')?.loj_codigo).toBe(card.loj_codigo);

    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const link = and(
      eq(partnerStores.partnerId, demo!.id),
      inArray(partnerStores.storeId, [card.loj_codigo]),
    );
    await t.database.db.update(partnerStores).set({ negotiates: false }).where(link);
    expect(cardOf(await listing(), 'Banco Horizonte S.A.')?.tipo_necociacao).toBe('N');
    await t.database.db.delete(partnerStores).where(link);
    expect(cardOf(await listing(), 'Banco Horizonte S.A.')).toBeUndefined();
  });

  it("an agreement made elsewhere marks its store on the person's next listing", async () => {
    const card = cardOf(await listing(), 'Bela Casa')!;
    expect(card.acordo_ativo).toBe(false);
    await recordAgreement(card, 'demo', card.pre_codigos);
    const after = await listing();
    expect(cardOf(after, 'Bela Casa')?.acordo_ativo).toBe(true);
    expect(after.acordo_ativo).toBe(true);
  });

  it("an agreement made through one partner marks the debt on another partner's next listing", async () => {
    const onAcme = { cookie: await login(t, MARIA, 'acme'), partner: 'acme' };
    const card = cardOf(await listing({}, onAcme), 'Banco Horizonte S.A.')!;
    expect(card.acordo_ativo).toBe(false);
    await recordAgreement(card, 'demo', card.pre_codigos);
    expect(cardOf(await listing({}, onAcme), 'Banco Horizonte S.A.')?.acordo_ativo).toBe(true);
  });

  it('the contracts linked to an agreement show on the next listing', async () => {
    // Alfa Eletro shows one card per contract on demo: a card is marked by the contracts the agreement covers.
    const alfa = async () => (await listing()).dividas.filter((d) => d.loja.loj_fantasia === 'Alfa Eletro');
    const [first, second] = await alfa();
    const id = await recordAgreement(first!, 'demo', []);
    expect((await alfa()).map((d) => d.acordo_ativo)).toEqual([false, false]);
    await t.database.db
      .insert(agreementContracts)
      .values({ agreementId: id, contractId: second!.pre_codigos[0]! });
    expect((await alfa()).map((d) => d.acordo_ativo)).toEqual([false, true]);
    // Cancelling the agreement releases its contracts (a settled one discharges them: decision 022).
    await t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, id));
    expect((await alfa()).map((d) => d.acordo_ativo)).toEqual([false, false]);
  });

  it('a portfolio import shows on the next listing and raises the epoch once, at its end', async () => {
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    await listing();
    const epochBefore = await epoch();
    const cells: Record<PortfolioColumn, string> = {
      cpf_cnpj: '529.982.247-25',
      nome: 'Maria da Silva Santos',
      data_nascimento: '15/05/1990',
      telefone: '(11) 98765-4321',
      email: '',
      loja_cnpj: maskCnpj(`998877660001${cnpjCheckDigits('998877660001')}`),
      loja_fantasia: 'Loja Importada',
      loja_razao_social: 'Loja Importada Ltda.',
      contrato: 'IMP-1',
      origem: '',
      referencia: '',
      parcela: '1',
      vencimento: '10/01/2030',
      valor: '100,00',
      saldo: '100,00',
      lancamento_futuro: 'N',
      pago: 'N',
    };
    const csv = [PORTFOLIO_COLUMNS.join(';'), PORTFOLIO_COLUMNS.map((c) => cells[c]).join(';'), ''].join(
      '\n',
    );
    const outcome = await importPortfolio(t.database, {
      input: Readable.from([Buffer.from(csv)]),
      partnerId: demo!.id,
    });
    expect(outcome.ok).toBe(true);
    expect(await epoch()).toBe(epochBefore + 1);
    expect(cardOf(await listing(), 'Loja Importada')?.total_original).toBe(10_000);
  });

  it('one store asked for is cut from the same kept debts', async () => {
    const all = await listing();
    const alfa = all.dividas.filter((d) => d.loja.loj_fantasia === 'Alfa Eletro');
    const one = await listing({ lojCodigo: alfa[0]!.loj_codigo });
    expect(one.dividas).toEqual(alfa);
  });
});
