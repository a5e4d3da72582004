import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSections, partners } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { createTestApp, type TestApp } from './test-app';

// The per-process partner cache (PARTNER_CACHE_SECONDS): rows and configurations are kept until they expire or
// until invalidate(partnerId) / clear() is called by whoever edits a partner. An hour of expiry here, so that
// nothing in these tests can expire by itself.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PARTNER_CACHE_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
});

const info = async (identifier: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/parceiro/${identifier}/info` });
  return { status: res.statusCode, config: res.json().data };
};

async function partnerId(identifier: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.identifier, identifier));
  return row!.id;
}

const customizationOf = (config: { sessoes: { nome: string; campos: Record<string, unknown> }[] }) =>
  config.sessoes.find((s) => s.nome === 'customization')?.campos;

describe('partner cache', () => {
  it('reads PARTNER_CACHE_SECONDS: 5 by default, 0 turns the cache off', () => {
    expect(loadEnv({}).PARTNER_CACHE_SECONDS).toBe(5);
    expect(loadEnv({ PARTNER_CACHE_SECONDS: '0' }).PARTNER_CACHE_SECONDS).toBe(0);
    expect(() => loadEnv({ PARTNER_CACHE_SECONDS: '-1' })).toThrow(/PARTNER_CACHE_SECONDS/);
    expect(t.app.partnerCache.ttlMs).toBe(3_600_000);
  });

  it('keeps the row and the configuration until the partner is invalidated', async () => {
    const id = await partnerId('demo');
    const before = await info('demo');
    expect(before.config.nome).toBe('Portal Demo');
    const custom = customizationOf(before.config)!;

    await t.database.db.update(partners).set({ name: 'Portal Demo Editado' }).where(eq(partners.id, id));
    await t.database.db
      .update(partnerSections)
      .set({ fields: { ...custom, marcador: 'editado' } })
      .where(and(eq(partnerSections.partnerId, id), eq(partnerSections.name, 'customization')));
    // Still the cached copy: the edit has not been announced.
    expect((await info('demo')).config.nome).toBe('Portal Demo');
    expect(customizationOf((await info('demo')).config)).toEqual(custom);

    t.app.partnerCache.invalidate(id);
    const after = await info('demo');
    expect(after.config.nome).toBe('Portal Demo Editado');
    expect(customizationOf(after.config)).toEqual({ ...custom, marcador: 'editado' });

    await t.database.db.update(partners).set({ name: 'Portal Demo' }).where(eq(partners.id, id));
    await t.database.db
      .update(partnerSections)
      .set({ fields: custom })
      .where(and(eq(partnerSections.partnerId, id), eq(partnerSections.name, 'customization')));
    t.app.partnerCache.invalidate(id);
    expect((await info('demo')).config.nome).toBe('Portal Demo');
  });

  it('forgets a renamed partner under its old identifier, and only that partner', async () => {
    const acme = await partnerId('acme');
    expect((await info('acme')).status).toBe(200);
    expect((await info('negocie')).status).toBe(200);
    await t.database.db.update(partners).set({ identifier: 'acme-novo' }).where(eq(partners.id, acme));
    await t.database.db
      .update(partners)
      .set({ name: 'Negocie Editado' })
      .where(eq(partners.identifier, 'negocie'));
    expect((await info('acme')).status).toBe(200);

    t.app.partnerCache.invalidate(acme);
    expect((await info('acme')).status).toBe(404);
    expect((await info('acme-novo')).config.identificador).toBe('acme-novo');
    // Another partner's cached row is untouched by this invalidation.
    expect((await info('negocie')).config.nome).not.toBe('Negocie Editado');

    t.app.partnerCache.clear();
    expect((await info('negocie')).config.nome).toBe('Negocie Editado');
  });

  it('resolves the tenant of API calls through the same cache', async () => {
    const id = await partnerId('aqui');
    const contact = () =>
      t.app.inject({
        method: 'POST',
        url: '/api.php?a=portal&b=enviarContato',
        headers: { host: 'aqui.portal.localhost' },
        payload: {
          name: 'Ana Souza',
          email: 'ana@example.com',
          identification: '529.982.247-25',
          text: 'Gostaria de negociar a minha dívida em parcelas.',
          agreement: true,
        },
      });
    expect((await contact()).json().retorno).toBe(true);
    await t.database.db.update(partners).set({ identifier: 'aqui-antigo' }).where(eq(partners.id, id));
    expect((await contact()).json().retorno).toBe(true);
    t.app.partnerCache.invalidate(id);
    const gone = await contact();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().mensagem).toBe('Subdomínio não encontrado!');
  });

  it('shares frozen values, and reads the database every time when the expiry is 0', async () => {
    const row = await findPartnerByIdentifier(t.database.db, 'senff');
    expect(Object.isFrozen(row)).toBe(true);
    expect(Object.isFrozen(row!.capabilities)).toBe(true);
    expect(await findPartnerByIdentifier(t.database.db, 'senff')).toBe(row);

    t.app.partnerCache.ttlMs = 0;
    try {
      await t.database.db.update(partners).set({ name: 'Senff Editado' }).where(eq(partners.id, row!.id));
      expect((await findPartnerByIdentifier(t.database.db, 'senff'))!.name).toBe('Senff Editado');
      expect((await info('senff')).config.nome).toBe('Senff Editado');
    } finally {
      t.app.partnerCache.ttlMs = 3_600_000;
    }
  });

  it('keeps no unknown identifier', async () => {
    expect((await info('novo')).status).toBe(404);
    await t.database.db.update(partners).set({ identifier: 'novo' }).where(eq(partners.identifier, 'camec'));
    expect((await info('novo')).status).toBe(200);
  });
});
