import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { outboundMessages, partners, persons } from '../src/db/schema';
import type { SmsSender } from '../src/integrations/sms/sms-sender';
import { enqueueSms } from '../src/repositories/outbox-repository';
import { deliverDueMessages } from '../src/services/outbox/deliver-due-messages';
import { createTestApp, type TestApp } from './test-app';

// Two server processes share one outbox (decision 003): a send that outlasts its claim lets the other process claim
// the message and send it; the first then sends none of the rest of its batch, and writes over nothing the other
// recorded. The test app has no SMS transport, so its own worker leaves these SMS messages alone.

const POLICY = { from: 'portal@exemplo.com.br', retryBaseMs: 60_000, maxAttempts: 5, batchSize: 10 };

let t: TestApp;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  const db = t.database.db;
  const [partner] = await db.select({ id: partners.id }).from(partners).limit(1);
  const [person] = await db.select({ id: persons.id }).from(persons).limit(1);
  ids = [];
  for (const text of ['primeira', 'segunda', 'terceira'])
    ids.push(
      await enqueueSms(db, {
        partnerId: partner!.id,
        personId: person!.id,
        phoneDigits: '11987654321',
        template: 'teste',
        text,
      }),
    );
});

/** A process's SMS sender: records each send as `{process}:{text}`, runs `during` inside its first send. */
function sender(process: string, sends: string[], during?: () => Promise<void>): SmsSender {
  let first = true;
  return {
    name: process,
    async send(_to, text) {
      if (first && during) {
        first = false;
        await during();
      }
      sends.push(`${process}:${text}`);
      return { messageId: `${process}-${text}` };
    },
  };
}

/** The claims of this test's messages run out, as two minutes into a slow send would have them. */
const claimsRunOut = () =>
  t.database.db.execute(
    sql`update outbound_messages set locked_until = now() - interval '1 second' where status = 'sending'`,
  );

const stored = () =>
  t.database.db
    .select({
      bodyText: outboundMessages.bodyText,
      status: outboundMessages.status,
      providerMessageId: outboundMessages.providerMessageId,
    })
    .from(outboundMessages)
    .where(inArray(outboundMessages.id, ids))
    .orderBy(outboundMessages.id);

it('a send that outlasts the claim: the other process sends the batch, the first sends none of the rest', async () => {
  const sends: string[] = [];
  const otherProcess = () =>
    deliverDueMessages(t.database.db, { email: null, sms: sender('B', sends) }, POLICY).then(() => {});
  await deliverDueMessages(
    t.database.db,
    { email: null, sms: sender('A', sends, () => claimsRunOut().then(otherProcess)) },
    POLICY,
  );
  // The message in flight when its claim ran out is sent by both (its send was under way); the rest once, by B, in
  // the order its claim returned them.
  expect(sends.sort()).toEqual(['A:primeira', 'B:primeira', 'B:segunda', 'B:terceira']);
  // A's late outcome writes over nothing: each is sent, as B recorded it.
  expect(await stored()).toEqual([
    { bodyText: 'primeira', status: 'sent', providerMessageId: 'B-primeira' },
    { bodyText: 'segunda', status: 'sent', providerMessageId: 'B-segunda' },
    { bodyText: 'terceira', status: 'sent', providerMessageId: 'B-terceira' },
  ]);
});

it('a send that outlasts the claim and then fails does not put back a message the other process sent', async () => {
  const sends: string[] = [];
  const slowThenFailing: SmsSender = {
    name: 'A',
    async send() {
      await claimsRunOut();
      await deliverDueMessages(t.database.db, { email: null, sms: sender('B', sends) }, POLICY);
      throw new Error('tempo esgotado');
    },
  };
  await deliverDueMessages(t.database.db, { email: null, sms: slowThenFailing }, POLICY);
  expect((await stored()).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
  // Nothing is left to send a third time.
  expect(await deliverDueMessages(t.database.db, { email: null, sms: sender('C', sends) }, POLICY)).toBe(0);
  expect(sends.sort()).toEqual(['B:primeira', 'B:segunda', 'B:terceira']);
});
