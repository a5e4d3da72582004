import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, faqItems, partners, staffTokens } from '../src/db/schema';
import { DEMO_FAQ } from '../src/db/seed/demo-faq';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { createTestApp, type TestApp } from './test-app';

// The FAQ (issue 5 item 4; spec 002 §2 ListQuestions, PostQuestions, UpdateQuestions, §3, §5, §7, §8; spec 001 §7
// "Fetch FAQ", §8): getDuvidas for anyone, cadastrarDuvida / atualizarDuvida / deletarDuvida for staff only.

const TITLE_REQUIRED = 'O campo título da dúvida é obrigatório';
const TEXT_REQUIRED = 'O campo texto da dúvida é obrigatório';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffUser(t.database.db, { username: 'faq.staff', password: 'Duvidas#2026' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: staff.username, password: 'Duvidas#2026' },
  });
  token = res.json().access_token;
});
afterAll(async () => {
  await t?.close();
});

type Action = 'getDuvidas' | 'cadastrarDuvida' | 'atualizarDuvida' | 'deletarDuvida';

/** A portal call, form-encoded like the legacy client unless `json` is set; `bearer` null sends no token. */
function call(
  action: Action,
  body: Record<string, string | number> = {},
  options: { bearer?: string | null; json?: boolean; host?: string } = {},
) {
  const bearer = options.bearer === undefined ? token : options.bearer;
  const headers: Record<string, string> = { host: options.host ?? 'localhost' };
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  if (options.json) headers['content-type'] = 'application/json';
  else headers['content-type'] = 'application/x-www-form-urlencoded';
  const payload = options.json
    ? JSON.stringify(body)
    : new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: 'POST', url: `/api.php?a=portal&b=${action}`, headers, payload });
}

const stored = () => t.database.db.select().from(faqItems).orderBy(asc(faqItems.id));

async function create(titulo: string, descricao = 'Resposta.') {
  const res = await call('cadastrarDuvida', { titulo, descricao });
  expect(res.statusCode).toBe(200);
  return res.json().dados.duvida as { codigo: number; titulo: string; descricao: string };
}

describe('getDuvidas (public)', () => {
  it('lists the seeded demo entries in order to anyone, with no token, on any partner host', async () => {
    for (const host of ['localhost', 'acme.portal.localhost']) {
      const res = await call('getDuvidas', {}, { bearer: null, host });
      expect(res.statusCode).toBe(200);
      const { retorno, dados, mensagem } = res.json();
      expect(retorno).toBe(true);
      expect(mensagem).toBe('');
      expect(dados.duvidas.slice(0, DEMO_FAQ.length)).toEqual(
        DEMO_FAQ.map((item, i) => ({ codigo: i + 1, titulo: item.title, descricao: item.description })),
      );
    }
  });

  it('answers one entry by codigo, and "Dados não encontrados" for an unknown one', async () => {
    const one = await call('getDuvidas', { codigo: 2 }, { bearer: null, json: true });
    expect(one.json()).toEqual({
      retorno: true,
      mensagem: '',
      dados: { duvidas: [{ codigo: 2, titulo: DEMO_FAQ[1]!.title, descricao: DEMO_FAQ[1]!.description }] },
    });
    const blank = await call('getDuvidas', { codigo: '' }, { bearer: null });
    expect(blank.json().dados.duvidas.length).toBeGreaterThanOrEqual(DEMO_FAQ.length);

    const missing = await call('getDuvidas', { codigo: 999_999 }, { bearer: null });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ retorno: false, dados: null, mensagem: 'Dados não encontrados' });

    const malformed = await call('getDuvidas', { codigo: 'abc' }, { bearer: null });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ retorno: false, dados: { codigo: expect.any(String) } });
  });
});

describe('the staff guard on the FAQ writes', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const WRITES: [Action, Record<string, string | number>][] = [
    ['cadastrarDuvida', { titulo: 'Invasor', descricao: 'Não deve gravar.' }],
    ['atualizarDuvida', { codigo: 1, titulo: 'Invasor', descricao: 'Não deve gravar.' }],
    ['deletarDuvida', { codigo: 1 }],
  ];

  async function expectRefused(bearer: string | null) {
    const before = await stored();
    for (const [action, body] of WRITES) {
      const res = await call(action, body, { bearer });
      expect(res.statusCode, action).toBe(401);
      expect(res.json()).toEqual({ retorno: false, dados: null, mensagem: 'Unauthenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await stored()).toEqual(before);
  }

  async function freshToken() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'faq.staff', password: 'Duvidas#2026' },
    });
    return res.json().access_token as string;
  }

  it('refuses no token, a malformed one and an unknown one, and changes nothing', async () => {
    await expectRefused(null);
    await expectRefused('curto');
    await expectRefused('x'.repeat(43));
    await expectRefused(sha256(token));
  });

  it('refuses an expired token', async () => {
    const expired = await freshToken();
    await t.database.db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.tokenHash, sha256(expired)));
    await expectRefused(expired);
  });

  it('refuses a token revoked by logout', async () => {
    const revoked = await freshToken();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${revoked}` },
    });
    expect(logout.statusCode).toBe(200);
    await expectRefused(revoked);
  });

  it('checks the token before the body: no field errors leak to an anonymous caller', async () => {
    const res = await call('cadastrarDuvida', {}, { bearer: null });
    expect(res.statusCode).toBe(401);
    expect(res.json().mensagem).toBe('Unauthenticated');
  });
});

describe('cadastrarDuvida', () => {
  it("stores a trimmed entry and answers 'Dúvida cadastrada com sucesso!'", async () => {
    const res = await call('cadastrarDuvida', {
      titulo: '  Posso pagar com PIX?  ',
      descricao: 'Sim.\r\nO QR code aparece na confirmação.\r\n',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ retorno: true, mensagem: 'Dúvida cadastrada com sucesso!' });
    expect(body.dados.duvida).toEqual({
      codigo: expect.any(Number),
      titulo: 'Posso pagar com PIX?',
      descricao: 'Sim.\nO QR code aparece na confirmação.',
    });
    const [row] = await t.database.db
      .select()
      .from(faqItems)
      .where(eq(faqItems.id, body.dados.duvida.codigo));
    expect(row).toMatchObject({
      title: 'Posso pagar com PIX?',
      description: 'Sim.\nO QR code aparece na confirmação.',
    });
    const listed = await call('getDuvidas', {}, { bearer: null });
    expect(listed.json().dados.duvidas.at(-1)).toEqual(body.dados.duvida);
  });

  it('accepts JSON bodies too', async () => {
    const res = await call('cadastrarDuvida', { titulo: 'Em JSON', descricao: 'Também.' }, { json: true });
    expect(res.json()).toMatchObject({ retorno: true, dados: { duvida: { titulo: 'Em JSON' } } });
  });

  it.each([
    { name: 'no title', body: { descricao: 'Texto' }, field: 'titulo', message: TITLE_REQUIRED },
    {
      name: 'a blank title',
      body: { titulo: '   ', descricao: 'Texto' },
      field: 'titulo',
      message: TITLE_REQUIRED,
    },
    { name: 'no text', body: { titulo: 'Título' }, field: 'descricao', message: TEXT_REQUIRED },
    { name: 'nothing', body: {}, field: 'titulo', message: TITLE_REQUIRED },
    {
      name: 'a title over 200 characters',
      body: { titulo: 'a'.repeat(201), descricao: 'Texto' },
      field: 'titulo',
      message: 'O título da dúvida deve ter no máximo 200 caracteres.',
    },
    {
      name: 'a text over 5000 characters',
      body: { titulo: 'Título', descricao: 'a'.repeat(5001) },
      field: 'descricao',
      message: 'O texto da dúvida deve ter no máximo 5000 caracteres.',
    },
  ])('refuses $name with its message and stores nothing', async ({ body, field, message }) => {
    const before = (await stored()).length;
    const res = await call('cadastrarDuvida', body as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ retorno: false, mensagem: message, dados: { [field]: message } });
    expect((await stored()).length).toBe(before);
  });

  it('refuses a field of the wrong type as invalid input', async () => {
    const res = await call('cadastrarDuvida', { titulo: 1, descricao: 'x' } as never, { json: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { titulo: expect.any(String) } });
  });
});

describe('atualizarDuvida', () => {
  it("changes the entry and answers 'Dúvida editada com sucesso!'", async () => {
    const item = await create('Antes');
    const res = await call('atualizarDuvida', {
      codigo: item.codigo,
      titulo: 'Depois ',
      descricao: 'Novo texto',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retorno: true,
      mensagem: 'Dúvida editada com sucesso!',
      dados: { duvida: { codigo: item.codigo, titulo: 'Depois', descricao: 'Novo texto' } },
    });
    const [row] = await t.database.db.select().from(faqItems).where(eq(faqItems.id, item.codigo));
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
    const one = await call('getDuvidas', { codigo: item.codigo }, { bearer: null });
    expect(one.json().dados.duvidas).toEqual([
      { codigo: item.codigo, titulo: 'Depois', descricao: 'Novo texto' },
    ]);
  });

  it('validates like a new entry and keeps the old text', async () => {
    const item = await create('Mantida', 'Texto mantido');
    const noTitle = await call('atualizarDuvida', { codigo: item.codigo, titulo: '', descricao: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().mensagem).toBe(TITLE_REQUIRED);
    const noText = await call('atualizarDuvida', { codigo: item.codigo, titulo: 'x', descricao: ' ' });
    expect(noText.json()).toEqual({
      retorno: false,
      mensagem: TEXT_REQUIRED,
      dados: { descricao: TEXT_REQUIRED },
    });
    const [row] = await t.database.db.select().from(faqItems).where(eq(faqItems.id, item.codigo));
    expect(row).toMatchObject({ title: 'Mantida', description: 'Texto mantido' });
  });

  it("answers 'Não foi possivel editar esta dúvida' for an entry that does not exist", async () => {
    const res = await call('atualizarDuvida', { codigo: 999_999, titulo: 'x', descricao: 'y' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retorno: false,
      dados: null,
      mensagem: 'Não foi possivel editar esta dúvida',
    });
    const noCode = await call('atualizarDuvida', { titulo: 'x', descricao: 'y' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().dados).toHaveProperty('codigo');
  });
});

describe('FAQ per partner (issue 18 item 8; decision 031)', () => {
  let operator: string;
  let acme: number;
  let demo: number;
  beforeAll(async () => {
    const db = t.database.db;
    const ids = await db.select({ id: partners.id, identifier: partners.identifier }).from(partners);
    acme = ids.find((p) => p.identifier === 'acme')!.id;
    demo = ids.find((p) => p.identifier === 'demo')!.id;
    const user = await createStaffUser(db, {
      username: 'faq.operador',
      password: 'Duvidas#2026',
      role: 'operator',
    });
    await setStaffAccess(db, user.id, { role: 'operator', partnerIds: [acme] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'faq.operador', password: 'Duvidas#2026' },
    });
    operator = res.json().access_token;
  });
  const portalList = async (host: string) =>
    (await call('getDuvidas', {}, { bearer: null, host })).json().dados.duvidas as { titulo: string }[];
  const auditRows = (entityId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'faq'), eq(auditLog.entityId, String(entityId))))
      .orderBy(asc(auditLog.id));

  it("shows a partner's own list on its portal instead of the shared one, and the shared one elsewhere", async () => {
    const shared = await portalList('acme.portal.localhost');
    expect(shared.length).toBeGreaterThan(0);
    const res = await call(
      'cadastrarDuvida',
      { titulo: 'Só da Acme', descricao: 'Resposta.', parceiro: acme },
      {
        bearer: operator,
      },
    );
    expect(res.json()).toMatchObject({ retorno: true, mensagem: 'Dúvida cadastrada com sucesso!' });
    const own = res.json().dados.duvida;
    expect(await portalList('acme.portal.localhost')).toEqual([own]);
    expect(await portalList('localhost')).toEqual(shared);
    // Another portal cannot read the entry by its codigo either.
    const elsewhere = await call('getDuvidas', { codigo: own.codigo }, { bearer: null, host: 'localhost' });
    expect(elsewhere.json().mensagem).toBe('Dados não encontrados');
    // Written with its audit row, in the same transaction: who, and the entry as stored.
    const [audit] = await auditRows(own.codigo);
    expect(audit).toMatchObject({
      username: 'faq.operador',
      action: 'create',
      entity: 'faq',
      after: { id: own.codigo, partnerId: acme, title: 'Só da Acme' },
    });
  });

  it("edited by the spec's call, which names no list, stays in its partner's list (it moved to the shared one)", async () => {
    const created = await call('cadastrarDuvida', { titulo: 'Da Acme', descricao: 'Antes.', parceiro: acme });
    const { codigo } = created.json().dados.duvida;
    for (const bearer of [token, operator]) {
      const edited = await call(
        'atualizarDuvida',
        { codigo, titulo: 'Da Acme', descricao: 'Depois.' },
        { bearer },
      );
      expect(edited.json()).toMatchObject({ retorno: true, mensagem: 'Dúvida editada com sucesso!' });
      const [row] = await t.database.db.select().from(faqItems).where(eq(faqItems.id, codigo));
      expect(row).toMatchObject({ partnerId: acme, description: 'Depois.' });
    }
    expect((await portalList('localhost')).map((e) => e.titulo)).not.toContain('Da Acme');
    // An entry that does not exist, named by no list, is still not found (not refused as the shared list's).
    const missing = await call(
      'atualizarDuvida',
      { codigo: 999_998, titulo: 'x', descricao: 'y' },
      { bearer: operator },
    );
    expect(missing.json().mensagem).toBe('Não foi possivel editar esta dúvida');
  });

  it('lists to staff every entry they may see, with its partner', async () => {
    const get = async (bearer: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/duvidas',
          headers: { authorization: `Bearer ${bearer}` },
        })
      ).json().data as { titulo: string; parceiro: { id: number } | null }[];
    await call('cadastrarDuvida', { titulo: 'Só da Demo', descricao: 'Resposta.', parceiro: demo });
    const all = await get(token);
    expect(all.find((e) => e.titulo === 'Só da Demo')!.parceiro).toEqual({
      id: demo,
      nome: expect.any(String),
      arquivado_em: null,
    });
    expect(all[0]!.parceiro).toBeNull();
    const mine = await get(operator);
    expect(mine.map((e) => e.titulo)).toContain('Só da Acme');
    expect(mine.map((e) => e.titulo)).not.toContain('Só da Demo');
    expect(mine.filter((e) => e.parceiro !== null).every((e) => e.parceiro!.id === acme)).toBe(true);
  });

  it("keeps an operator to their partners' lists: the shared one and another partner's are refused", async () => {
    const before = await stored();
    const shared = before.find((row) => row.partnerId === null)!;
    const demoEntry = before.find((row) => row.partnerId === demo)!;
    const asOperator = (action: Action, body: Record<string, string | number>) =>
      call(action, body, { bearer: operator });
    const entry = { titulo: 'Tentativa', descricao: 'Não deve gravar.' };

    const sharedNew = await asOperator('cadastrarDuvida', { ...entry, parceiro: 'todos' });
    expect(sharedNew.statusCode).toBe(403);
    expect(sharedNew.json().mensagem).toBe('Acesso negado');
    const otherNew = await asOperator('cadastrarDuvida', { ...entry, parceiro: demo });
    expect(otherNew.statusCode).toBe(404);
    expect(otherNew.json().mensagem).toBe('Parceiro não encontrado.');
    const sharedEdit = await asOperator('atualizarDuvida', {
      ...entry,
      codigo: shared.id,
      parceiro: acme,
    });
    expect(sharedEdit.json().mensagem).toBe('Acesso negado');
    const otherEdit = await asOperator('atualizarDuvida', { ...entry, codigo: demoEntry.id, parceiro: acme });
    expect(otherEdit.json().mensagem).toBe('Não foi possivel editar esta dúvida');
    const otherDelete = await asOperator('deletarDuvida', { codigo: demoEntry.id });
    expect(otherDelete.json().mensagem).toBe('Não foi possivel excluir esta dúvida');
    const sharedDelete = await asOperator('deletarDuvida', { codigo: shared.id });
    expect(sharedDelete.json().mensagem).toBe('Acesso negado');
    const noPartner = await call('cadastrarDuvida', { ...entry, parceiro: 'nenhum' });
    expect(noPartner.json()).toMatchObject({
      mensagem: 'Selecione o parceiro ou "Todos os parceiros".',
      dados: { parceiro: 'Selecione o parceiro ou "Todos os parceiros".' },
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a new or edited entry in an archived partner's list, and changes nothing", async () => {
    const { db } = t.database;
    const [archived] = await db
      .update(partners)
      .set({ archivedAt: new Date() })
      .where(eq(partners.identifier, 'prefeitura'))
      .returning({ id: partners.id });
    try {
      const before = await stored();
      const message = 'Este parceiro está arquivado: escolha um parceiro ativo para a dúvida.';
      const entry = { titulo: 'Para um arquivado', descricao: 'Não deve gravar.', parceiro: archived!.id };
      const created = await call('cadastrarDuvida', entry);
      expect(created.statusCode).toBe(409);
      expect(created.json()).toMatchObject({
        retorno: false,
        mensagem: message,
        dados: { parceiro: message },
      });
      const moved = await call('atualizarDuvida', { ...entry, codigo: before[0]!.id });
      expect(moved.json()).toMatchObject({ retorno: false, mensagem: message });
      expect(await stored()).toEqual(before);
    } finally {
      await db.update(partners).set({ archivedAt: null }).where(eq(partners.id, archived!.id));
    }
  });

  it("keeps an archived partner's entry as it is: listed as archived, neither edited nor moved out, but deleted", async () => {
    const { db } = t.database;
    const [archived] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.identifier, 'prefeitura'));
    const [entry] = await db
      .insert(faqItems)
      .values({ title: 'Do arquivado', description: 'Resposta.', partnerId: archived!.id })
      .returning();
    const archivedAt = new Date('2026-11-02T13:00:00Z');
    await db.update(partners).set({ archivedAt }).where(eq(partners.id, archived!.id));
    try {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/duvidas/${entry!.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.json().data.parceiro).toEqual({
        id: archived!.id,
        nome: expect.any(String),
        arquivado_em: archivedAt.toISOString(),
      });
      const message = 'O parceiro desta dúvida está arquivado: ela pode ser excluída, mas não alterada.';
      for (const parceiro of [acme, 'todos']) {
        const moved = await call('atualizarDuvida', {
          codigo: entry!.id,
          titulo: 'Outro título',
          descricao: 'Resposta.',
          parceiro,
        });
        expect(moved.statusCode).toBe(409);
        expect(moved.json()).toEqual({ retorno: false, dados: null, mensagem: message });
      }
      const [unchanged] = await db.select().from(faqItems).where(eq(faqItems.id, entry!.id));
      expect(unchanged).toEqual(entry);
      const deleted = await call('deletarDuvida', { codigo: entry!.id });
      expect(deleted.json()).toMatchObject({ retorno: true, mensagem: 'Duvida excluída com sucesso!' });
      expect(await db.select().from(faqItems).where(eq(faqItems.id, entry!.id))).toEqual([]);
    } finally {
      await db.update(partners).set({ archivedAt: null }).where(eq(partners.id, archived!.id));
    }
  });

  it('lets an administrator move an entry to the shared list, audited with before and after', async () => {
    const [own] = (await stored()).filter((row) => row.partnerId === acme);
    const res = await call('atualizarDuvida', {
      codigo: own!.id,
      titulo: 'Agora de todos',
      descricao: 'Resposta.',
      parceiro: 'todos',
    });
    expect(res.json().mensagem).toBe('Dúvida editada com sucesso!');
    const [row] = await t.database.db.select().from(faqItems).where(eq(faqItems.id, own!.id));
    expect(row!.partnerId).toBeNull();
    const update = (await auditRows(own!.id)).find((audit) => audit.action === 'update');
    expect(update).toMatchObject({
      username: 'faq.staff',
      before: { partnerId: acme, title: 'Só da Acme' },
      after: { partnerId: null, title: 'Agora de todos' },
    });
  });
});

describe('deletarDuvida', () => {
  it("removes the entry and answers 'Duvida excluída com sucesso!'; a second time it cannot", async () => {
    const item = await create('Para excluir');
    const res = await call('deletarDuvida', { codigo: item.codigo });
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'Duvida excluída com sucesso!' });
    expect(await t.database.db.select().from(faqItems).where(eq(faqItems.id, item.codigo))).toEqual([]);
    const again = await call('deletarDuvida', { codigo: item.codigo });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      retorno: false,
      dados: null,
      mensagem: 'Não foi possivel excluir esta dúvida',
    });
  });

  it('an empty list is an answer, not a failure', async () => {
    for (const row of await stored()) await call('deletarDuvida', { codigo: row.id });
    const res = await call('getDuvidas', {}, { bearer: null });
    expect(res.json()).toEqual({ retorno: true, dados: { duvidas: [] }, mensagem: '' });
  });
});
