import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { formatMoney } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentsCommand } from '../src/cli/payments-command';
import { paymentCharges, paymentEvents } from '../src/db/schema';
import { freePort, listeningOnFreePort } from './free-port';
import { call, hostOf, JOAO, login } from './identification-helpers';
import { createTestApp, migratedCommandDatabase, type TestApp } from './test-app';

// `npm run payments -- pay-pix <txid>` pays through the running server's local PSP, whose real webhook records the
// payment; `reconcile` runs the reconciliation use case on the server's database.

function io(env: Record<string, string>) {
  const out = new PassThrough();
  const err = new PassThrough();
  const text = { out: '', err: '' };
  out.on('data', (c) => {
    text.out += c;
  });
  err.on('data', (c) => {
    text.err += c;
  });
  return { io: { stdout: out, stderr: err, env: { LOG_LEVEL: 'silent', ...env } }, text };
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  // The app knows its port: the local PSP's webhook calls it back there.
  ({ made: t, port } = await listeningOnFreePort(
    (candidate) => createTestApp({ env: { PORT: String(candidate) } }),
    (app, candidate) => app.app.listen({ port: candidate, host: '127.0.0.1' }),
    (app) => app.close(),
  ));
});
afterAll(async () => {
  await t?.close();
});

describe('npm run payments', () => {
  it('pay-pix pays the charge at the local PSP and its webhook records the payment', async () => {
    const cookie = await login(t, JOAO);
    const res = await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie });
    const row = (
      res.json().dados.acordos[0].dadosAcordo.parcelas as {
        aci_codigo: number;
        status: string;
        pix_copia_cola: string | null;
      }[]
    ).find((p) => p.status !== 'P' && p.pix_copia_cola)!;
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, row.aci_codigo));
    // The code as copied from the PIX modal names the charge by its location.
    const run = io({ PORT: String(port), NODE_ENV: 'development' });
    expect(await runPaymentsCommand(['pay-pix', row.pix_copia_cola!], run.io)).toBe(0);
    // The amount as the portal writes money (R$ 1.234,56), not as the PIX API does ('1234.56').
    const [endToEnd, rest] = run.text.out.split(' de ');
    expect(endToEnd).toMatch(/^PIX E\w{31}$/);
    expect(rest).toBe(`${formatMoney(charge!.amountCents)} pago; webhook: 200\n`);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.instalmentId, row.aci_codigo));
    expect(events).toEqual([expect.objectContaining({ kind: 'paid', chargeId: charge!.id })]);
    // Paid once: the second time the PSP refuses.
    const again = io({ PORT: String(port), NODE_ENV: 'development' });
    expect(await runPaymentsCommand(['pay-pix', charge!.txid!], again.io)).toBe(1);
    expect(again.text.err).toContain('CONCLUIDA');
  });

  it('pay-pix does not exist in production, and says so when the server is not running', async () => {
    const production = io({
      PORT: String(port),
      NODE_ENV: 'production',
      PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-producao',
    });
    expect(await runPaymentsCommand(['pay-pix', 'X'.repeat(35)], production.io)).toBe(1);
    const down = io({ PORT: String(await freePort()), NODE_ENV: 'development' });
    expect(await runPaymentsCommand(['pay-pix', 'X'.repeat(35)], down.io)).toBe(1);
    expect(down.text.err).toContain('npm start');
  });

  describe('on a database of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payments-command-'));
    let database: Awaited<ReturnType<typeof migratedCommandDatabase>>;
    beforeAll(async () => {
      database = await migratedCommandDatabase(dir);
    });
    afterAll(async () => {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('reconcile reports what it asked the PSPs', async () => {
      const run = io(database.env);
      expect(await runPaymentsCommand(['reconcile'], run.io)).toBe(0);
      expect(run.text.out).toBe(
        '0 cobranças PIX consultadas: 0 pagamentos registrados, 0 valores não aplicados, 0 encerradas no PSP, ' +
          '0 falhas\n',
      );
    });
  });

  it('prints its usage otherwise', async () => {
    const run = io({});
    expect(await runPaymentsCommand(['pay'], run.io)).toBe(2);
    expect(run.text.err).toContain('uso: npm run payments');
  });
});
