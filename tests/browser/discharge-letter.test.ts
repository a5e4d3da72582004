import { addDays, instalmentSchedule, todayInBrasilia } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementContracts,
  agreements,
  contracts,
  outboundMessages,
  partners,
  persons,
} from '../../apps/server/src/db/schema';
import {
  insertAgreementInstalments,
  recordPayment,
} from '../../apps/server/src/repositories/payment-repository';
import { settleIfFullyPaid } from '../../apps/server/src/services/lifecycle/settle-if-fully-paid';
import { loginDebtor, MARIA } from './debtor-login';
import {
  axeViolations,
  connectChromium,
  downloadedBytes,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';

// Issue 17 item 5: a settled agreement's card in Meus Acordos offers 'Carta de quitação', and the PDF downloads.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let agreementId: number;

/** An agreement of Maria's on demo over one of her contracts, paid in full and settled as a last payment does. */
async function settledAgreement(): Promise<number> {
  const { db } = portal.database;
  const [partner] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const [contract] = await db
    .select({ id: contracts.id, storeId: contracts.storeId, personId: contracts.personId })
    .from(contracts)
    .innerJoin(persons, eq(persons.id, contracts.personId))
    .where(eq(persons.cpfCnpj, MARIA.digits))
    .orderBy(asc(contracts.id))
    .limit(1);
  const firstDueDate = addDays(todayInBrasilia(), -40);
  const plan = { entryCents: 20_000, instalmentCount: 1, instalmentCents: 30_000, totalCents: 50_000 };
  const [agreement] = await db
    .insert(agreements)
    .values({
      partnerId: partner!.id,
      personId: contract!.personId,
      storeId: contract!.storeId,
      paymentMethod: 'boleto',
      ...plan,
      firstDueDate,
    })
    .returning();
  await db.insert(agreementContracts).values({ agreementId: agreement!.id, contractId: contract!.id });
  const rows = await insertAgreementInstalments(db, agreement!.id, instalmentSchedule(plan, firstDueDate));
  for (const row of rows)
    await recordPayment(db, {
      instalmentId: row.id,
      chargeId: null,
      kind: 'paid',
      amountCents: row.amountCents,
      occurredOn: row.dueDate,
      cause: 'browser-test',
    });
  expect(await settleIfFullyPaid(db, agreement!.id, 'payment:browser-test')).toBe(true);
  return agreement!.id;
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({ PARTNER_CACHE_SECONDS: '0' }), connectChromium()]);
  agreementId = await settledAgreement();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

describe('Meus Acordos: a settled agreement', () => {
  it("shows 'Carta de quitação' and downloads the letter; the letter was e-mailed too", async () => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      acceptDownloads: true,
    });
    await refuseCookiesBeforehand(context);
    const page = await context.newPage();
    await page.goto(portal.url('demo', '/'));
    await loginDebtor(page, MARIA);
    await page.waitForURL('**/menu');
    await page.goto(portal.url('demo', '/meus-acordos'));
    const link = page.getByTestId('agreement-discharge-letter');
    await link.waitFor();
    expect(await link.count()).toBe(1);
    expect(await link.textContent()).toContain('Carta de quitação');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`carta_quitacao_${agreementId}.pdf`);
    const bytes = await downloadedBytes(download);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Carta de quitação');
    expect(text).toContain(`acordo nº ${agreementId}`);

    // Settling queued the letter by e-mail; the outbox worker delivered it to the SMTP peer.
    await expect
      .poll(async () => {
        const [message] = await portal.database.db
          .select({ status: outboundMessages.status })
          .from(outboundMessages)
          .where(eq(outboundMessages.template, 'discharge-letter'));
        return message?.status;
      })
      .toBe('sent');
  });
});
