import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '../src/db/schema';
import { savePartner } from '../src/repositories/partner-admin-repository';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { createTestApp, type TestApp } from './test-app';

// Decision 087: a partner's subdomain is an administrator's to change, the default partner keeps its own, reserved
// labels are never a partner's, and a subdomain or company code once used stays its partner's after a rename.

const TENANCY = 'Somente um administrador pode mudar o subdomínio, a empresa ou as lojas de um parceiro.';
const USED = 'Este subdomínio já foi usado por outro parceiro e não pode ser reutilizado.';
const CODE_USED = 'Este código de empresa já foi usado por outro parceiro e não pode ser reutilizado.';

let t: TestApp;
let png: string;
const tokens = { admin: '', acmeOperator: '', demoOperator: '' };
const ids = { acme: 0, demo: 0 };

let nextIp = 1;
async function logIn(username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: `10.87.0.${nextIp++}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

async function operatorOf(partnerId: number, username: string): Promise<string> {
  const password = 'Subdominio#2026';
  const user = await createStaffUser(t.database.db, { username, password, role: 'operator' });
  await setStaffAccess(t.database.db, user.id, { role: 'operator', partnerIds: [partnerId] });
  return logIn(username, password);
}

beforeAll(async () => {
  t = await createTestApp();
  png = (
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
  ).toString('base64');
  const rows = await t.database.db.select().from(partners);
  ids.acme = rows.find((p) => p.identifier === 'acme')!.id;
  ids.demo = rows.find((p) => p.identifier === 'demo')!.id;
  tokens.admin = await logIn('admin', 'Demo@2026');
  tokens.acmeOperator = await operatorOf(ids.acme, 'operador.acme');
  tokens.demoOperator = await operatorOf(ids.demo, 'operador.demo');
});
afterAll(async () => {
  await t?.close();
});

const put = (token: string, id: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/parceiro/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

let serial = 0;
function create(overrides: Record<string, unknown>) {
  serial += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/parceiro',
    headers: { authorization: `Bearer ${tokens.admin}` },
    payload: {
      nome: `Parceiro Subdomínio ${serial}`,
      identificador: `subdominio${serial}`,
      emp_codigo: 8700 + serial,
      logo: png,
      tipoLogo: 'png',
      estilo: { corPrimaria: '#123456', corSecundaria: '#654321' },
      ...overrides,
    },
  });
}

const info = (identifier: string) => t.app.inject({ method: 'GET', url: `/api/parceiro/${identifier}/info` });

describe('a partner’s subdomain (decision 087)', () => {
  it('is not an operator’s to change, so acme’s old links cannot reach a new partner', async () => {
    const renamed = await put(tokens.acmeOperator, ids.acme, { identificador: 'acme-novo' });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json()).toMatchObject({ message: TENANCY, dados: { campo: 'identificador' } });
    // The same subdomain, written otherwise, is no change.
    expect((await put(tokens.acmeOperator, ids.acme, { identificador: ' ACME ' })).statusCode).toBe(200);
    const reused = await create({ identificador: 'acme' });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().message).toBe('Este subdomínio já pertence a outro parceiro.');
    expect((await info('acme')).statusCode).toBe(200);
  });

  it('keeps the default partner’s, so the default host still serves it', async () => {
    const byOperator = await put(tokens.demoOperator, ids.demo, { identificador: 'demo-x' });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect(byOperator.json()).toMatchObject({ message: TENANCY, dados: { campo: 'identificador' } });
    const byAdministrator = await put(tokens.admin, ids.demo, { identificador: 'demo-x' });
    expect(byAdministrator.statusCode, byAdministrator.body).toBe(403);
    expect(byAdministrator.json()).toMatchObject({
      message: 'O subdomínio do parceiro principal não pode ser alterado.',
      dados: { campo: 'identificador' },
    });
    const home = await t.app.inject({
      method: 'GET',
      url: '/api/parceiro/demo/info',
      headers: { host: 'localhost' },
    });
    expect(home.statusCode, home.body).toBe(200);
    // The default partner's other fields stay its operators' to edit.
    expect((await put(tokens.demoOperator, ids.demo, { identificador: 'demo' })).statusCode).toBe(200);
  });

  it('keeps the subdomain of a partner a fixed host serves, so that host still serves it', async () => {
    // The test app's PARTNER_HOSTS pins www.negocieaqui.com.br to the partner 'aqui'.
    const aqui = (await t.database.db.select().from(partners)).find((p) => p.identifier === 'aqui')!;
    const renamed = await put(tokens.admin, aqui.id, { identificador: 'aqui-novo' });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json()).toMatchObject({
      message:
        'Este parceiro é atendido por um endereço fixo na configuração do portal, e o seu subdomínio não pode ser alterado.',
      dados: { campo: 'identificador' },
    });
    const fixedHost = await t.app.inject({
      method: 'GET',
      url: '/api/parceiro/aqui/info',
      headers: { host: 'www.negocieaqui.com.br' },
    });
    expect(fixedHost.statusCode, fixedHost.body).toBe(200);
    expect((await put(tokens.admin, aqui.id, { identificador: 'aqui' })).statusCode).toBe(200);
  });

  it('refuses the labels of the portal’s own hosts', async () => {
    const message = 'Este subdomínio é reservado pelo portal e não pode ser usado por um parceiro.';
    for (const label of ['www', 'api', 'admin', 'app', 'mail', 'localhost', 'portal']) {
      const created = await create({ identificador: label });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ message, dados: { campo: 'identificador' } });
    }
    const renamed = await put(tokens.admin, ids.acme, { identificador: 'WWW' });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().message).toBe(message);
  });

  it('can be changed by an administrator, and the old one stays the partner’s own', async () => {
    const first = await create({});
    expect(first.statusCode, first.body).toBe(201);
    const { id, identificador: old, emp_codigo: oldCode } = first.json().data;
    const renamed = await put(tokens.admin, id, { identificador: `${old}-novo`, emp_codigo: oldCode + 50 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await info(`${old}-novo`)).statusCode).toBe(200);
    expect((await info(old)).statusCode).toBe(404);

    const reused = await create({ identificador: old });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json()).toMatchObject({ message: USED, dados: { campo: 'identificador' } });
    const codeReused = await create({ emp_codigo: oldCode });
    expect(codeReused.statusCode, codeReused.body).toBe(409);
    expect(codeReused.json()).toMatchObject({ message: CODE_USED, dados: { campo: 'emp_codigo' } });
    const other = (await create({})).json().data;
    const taken = await put(tokens.admin, other.id, { identificador: old });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe(USED);

    const back = await put(tokens.admin, id, { identificador: old, emp_codigo: oldCode });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ identificador: old, emp_codigo: oldCode });
    // The name it left in between is its own too.
    const reusedBetween = await create({ identificador: `${old}-novo` });
    expect(reusedBetween.json().message).toBe(USED);
  });

  it('stays reserved when a save that skipped the check races for it', async () => {
    const first = (await create({})).json().data;
    expect(
      (await put(tokens.admin, first.id, { identificador: `${first.identificador}-b` })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, first.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = row!;
    const save = (changes: Partial<typeof values>) =>
      savePartner(
        t.database.db,
        null,
        { values: { ...values, ...changes }, sections: [], storeLinks: null },
        async () => {},
      );
    await expect(save({ identifier: first.identificador, companyCode: 8799 })).rejects.toMatchObject({
      code: 'PARTNER_SUBDOMAIN_USED',
    });
  });
});
