import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, partnerStores, partners, persons, stepLogs } from '../src/db/schema';
import { seedDemo } from '../src/db/seed/run-seed';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('is idempotent and refused in production unless forced', async () => {
    expect(await seedDemo(t.database.db, { production: false, force: false })).toBe('skipped-not-empty');
    expect(await seedDemo(t.database.db, { production: true, force: false })).toBe('refused-production');
    const [n] = await t.database.db.select({ n: count() }).from(partners);
    expect(Number(n?.n)).toBe(12);
  });

  it('has every partner kind the Foundation issue asks for, each with its own colours', async () => {
    const rows = await t.database.db.select().from(partners);
    const byId = new Map(rows.map((p) => [p.identifier, p]));
    for (const id of [
      'demo',
      'negocie',
      'acme',
      'especial',
      'senff',
      'prefeitura',
      'servicos',
      'login',
      'boletos',
    ]) {
      expect(byId.get(id), id).toBeDefined();
    }
    expect(byId.get('especial')!.companyCode).toBe(350);
    expect(byId.get('senff')!.capabilities.smsTokenLogin).toBe(true);
    expect(byId.get('login')!.capabilities.loginPanelOnLanding).toBe(true);
    expect(new Set(rows.map((p) => p.style.corPrimaria)).size).toBe(rows.length);
    const boletoStores = await t.database.db
      .select()
      .from(partnerStores)
      .where(eq(partnerStores.partnerId, byId.get('boletos')!.id));
    expect(boletoStores.length).toBeGreaterThan(0);
    expect(boletoStores.every((s) => !s.negotiates)).toBe(true);
  });

  it('has the fixed demo identities of the README', async () => {
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const demoStores = (
      await t.database.db.select().from(partnerStores).where(eq(partnerStores.partnerId, demo!.id))
    ).map((s) => s.storeId);
    const debtsInDemo = async (cpfCnpj: string) => {
      const [person] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj));
      if (!person) return { person, contracts: [] };
      const rows = await t.database.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.personId, person.id), inArray(contracts.storeId, demoStores)));
      return { person, contracts: rows };
    };
    const maria = await debtsInDemo('52998224725');
    expect(maria.person).toMatchObject({
      birthDate: '1990-05-15',
      phone: '11987654321',
      email: 'demo@example.com',
    });
    expect(maria.contracts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(maria.contracts.map((c) => c.storeId)).size).toBeGreaterThanOrEqual(2);
    const joao = await debtsInDemo('39053344705');
    expect(joao.person).toMatchObject({ birthDate: '1985-02-01', phone: '21998765432' });
    expect(joao.contracts.length).toBeGreaterThan(0);
    const company = await debtsInDemo('12ABC34501DE35');
    expect(company.contracts).toHaveLength(1);
    expect((await debtsInDemo('11144477735')).person).toBeUndefined();
  });
});

describe('a=portal&b=salvarEtapa (spec 000 §3 step log)', () => {
  it('records the step for the partner of the host, in Brasília date and time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=salvarEtapa',
      headers: { host: 'negocie.portal.localhost' },
      payload: { cpfCnpj: '529.982.247-25', esn_fk_ets_codigo: 31, emp_codigo: 100 },
    });
    expect(res.json()).toMatchObject({ retorno: true });
    const [row] = await t.database.db.select().from(stepLogs).where(eq(stepLogs.stepCode, 31));
    expect(row).toMatchObject({ companyCode: 200, cpfCnpj: '52998224725', isError: false });
    expect(row!.scheduledDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row!.scheduledTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('records error steps with the failed response', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=salvarEtapaErro',
      payload: { esn_fk_ets_codigo: 8, resposta: { retorno: false }, mensagem: 'CPF/CNPJ não encontrado!' },
    });
    const [row] = await t.database.db.select().from(stepLogs).where(eq(stepLogs.isError, true));
    expect(row!.errorDetails).toEqual({
      resposta: { retorno: false, mensagem: '' },
      mensagem: 'CPF/CNPJ não encontrado!',
    });
  });
});

describe('step validation', () => {
  it('refuses a step code the specs do not list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=salvarEtapa',
      payload: { esn_fk_ets_codigo: 777 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().dados).toEqual({ esn_fk_ets_codigo: 'Etapa desconhecida.' });
  });
});
