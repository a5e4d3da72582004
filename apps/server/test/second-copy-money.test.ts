import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  contracts,
  instalments,
  partners,
  persons,
  type secondCopies,
  secondCopyCancellations,
  stores,
} from '../src/db/schema';
import { listReceivedMoney } from '../src/repositories/agreement-admin-repository';
import {
  paidSecondCopies,
  recordSecondCopyCancelled,
  secondCopyStanding,
} from '../src/repositories/second-copy-repository';
import { listUnappliedMoneyRows } from '../src/repositories/unapplied-money-repository';
import { recordPixPayments } from '../src/services/payments/record-pix-payments';
import { insertSecondCopy } from './agreement-admin-helpers';
import { liquidateCopy } from './cnab-helpers';
import { createTestApp, type TestApp } from './test-app';

// What a second copy's money paid (decisions 025, 049, 061, 071): money that ended a copy short paid nothing, so it
// never counts towards the copy being paid in full; money of a copy whose instalment another copy paid before paid
// nothing either.

const QUIET = { warn: () => undefined, error: () => undefined };

let t: TestApp;
/** A copy of 100 of the `unpaid`th unpaid instalment (1 the first) of Maria's contract in Alfa Eletro. */
let copyOf: (unpaid: number, issue?: number) => Promise<typeof secondCopies.$inferSelect>;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [store] = await db.select().from(stores).where(eq(stores.tradeName, 'Alfa Eletro'));
  const [partner] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const [maria] = await db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
  const [contract] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.personId, maria!.id), eq(contracts.storeId, store!.id)))
    .limit(1);
  let sequence = 0;
  copyOf = async (unpaid, issue = 1) => {
    const [instalment] = await db
      .select()
      .from(instalments)
      .where(and(eq(instalments.contractId, contract!.id), eq(instalments.paid, false)))
      .orderBy(asc(instalments.number))
      .offset(unpaid - 1)
      .limit(1);
    sequence += 1;
    return insertSecondCopy(
      db,
      { partnerId: partner!.id, person: maria!, storeId: store!.id },
      {
        instalmentId: instalment!.id,
        dueDate: '2026-11-25',
        amountCents: 10_000,
        ourNumber: `${store!.boletoAgreement}${String(9_000_000_000 + sequence)}`,
        txid: `txidsegundaviadinheiro${sequence}`,
        issue,
      },
    );
  };
});
afterAll(async () => {
  await t?.close();
});

/** The unapplied money work list's rows of these causes (the day of these tests). */
const unappliedOf = async (causes: string[]) => {
  const admin = { role: 'administrator' as const, partnerIds: null };
  const period = { from: '2026-11-25', to: '2026-11-25' };
  const { rows } = await listUnappliedMoneyRows(t.database.db, admin, { period }, { limit: 50, offset: 0 });
  return rows
    .filter((row) => causes.includes(row.cause))
    .map(({ amountCents, unappliedReason }) => ({ amountCents, unappliedReason }));
};

/** The copy's PIX paid with `cents`, as its PSP's webhook tells it. */
const payPix = (copy: typeof secondCopies.$inferSelect, endToEndId: string, cents: number) =>
  recordPixPayments(
    t.database.db,
    copy.storeId,
    [{ endToEndId, txid: copy.txid!, valor: (cents / 100).toFixed(2), horario: '2026-11-25T15:00:00.000Z' }],
    QUIET,
  );

it('money that ended a copy short does not count towards it being paid in full, with what came after', async () => {
  const db = t.database.db;
  const copy = await copyOf(1);
  // Its PIX paid 60 of 100 ends it (decision 049); its boleto, still registered at the bank, is then paid 50.
  await payPix(copy, 'E2026112515000SHORTTHENSHORT', 6_000);
  expect(
    await db.select().from(secondCopyCancellations).where(eq(secondCopyCancellations.secondCopyId, copy.id)),
  ).toMatchObject([{ cause: 'pix-short:E2026112515000SHORTTHENSHORT' }]);
  const report = await liquidateCopy(db, copy, 801, 5_000);
  expect(report.lines.map((l) => l.outcome)).toEqual(['underpaid']);
  // 110 was received, but the 60 paid nothing (the next copy is for the whole value) and 50 is not the copy's 100.
  expect(await secondCopyStanding(db, copy)).toEqual({ instalmentOwed: true, cancelled: true });
  expect(await paidSecondCopies(db, [copy.instalmentId])).toEqual(new Map());
  // Nor did the 50 pay anything: it came after the copy's end, short of its value (decision 078).
  expect(await unappliedOf([`cnab:${report.fileId}:${report.lines[0]!.line}`])).toEqual([
    { amountCents: '5000', unappliedReason: 'underpaid' },
  ]);
});

it('two copies of one instalment both paid: the later money paid nothing and is on the unapplied money list', async () => {
  const db = t.database.db;
  const older = await copyOf(2, 1);
  const newer = await copyOf(2, 2);
  expect(await payPix(newer, 'E2026112515000NEWERCOPYPAID1', 10_000)).toEqual(['paid']);
  // The older copy's boleto, still registered at the bank, paid the same instalment again.
  const report = await liquidateCopy(db, older, 802, 10_000);
  expect(report.lines.map((l) => l.outcome)).toEqual(['unapplied']);
  const admin = { role: 'administrator' as const, partnerIds: null };
  const period = { from: '2026-11-25', to: '2026-11-25' };
  const { rows } = await listUnappliedMoneyRows(db, admin, { period }, { limit: 20, offset: 0 });
  expect(rows.filter((row) => row.cause === `cnab:${report.fileId}:${report.lines[0]!.line}`)).toEqual([
    expect.objectContaining({ origin: 'second_copy', amountCents: '10000', unappliedReason: 'already_paid' }),
  ]);
  // So is a PIX of a third copy of it: whatever the channel, the instalment was paid once.
  const third = await copyOf(2, 3);
  expect(await payPix(third, 'E2026112515000THIRDCOPYPAID1', 10_000)).toEqual(['unapplied']);
  // With the first test's copy: 60 that ended it short, 50 after its end (decision 078).
  const money = await listReceivedMoney(db, admin, { period });
  const copies = money.filter((row) => row.source === 'second_copy');
  const sum = (kind: string) =>
    copies.filter((row) => row.kind === kind).reduce((cents, row) => cents + row.amountCents, 0);
  expect({ paid: sum('paid'), unapplied: sum('unapplied') }).toEqual({ paid: 10_000, unapplied: 31_000 });
});

it('a PIX paid short of a copy already paid is money paid again: it ends nothing', async () => {
  const db = t.database.db;
  const cancellations = (copyId: number) =>
    db.select().from(secondCopyCancellations).where(eq(secondCopyCancellations.secondCopyId, copyId));
  const copy = await copyOf(3);
  expect((await liquidateCopy(db, copy, 803, 10_000)).lines.map((l) => l.outcome)).toEqual(['applied']);
  expect(await payPix(copy, 'E2026112515000PAIDTHENSHORT1', 6_000)).toEqual(['unapplied']);
  expect(await cancellations(copy.id)).toEqual([]);
  // Its PIX told again changes nothing either; a copy not paid is still ended by its PIX paid short.
  expect(await payPix(copy, 'E2026112515000PAIDTHENSHORT1', 6_000)).toEqual(['duplicate']);
  expect(await cancellations(copy.id)).toEqual([]);
  const unpaid = await copyOf(4);
  expect(await payPix(unpaid, 'E2026112515000UNPAIDSHORT01', 6_000)).toEqual(['unapplied']);
  expect(await cancellations(unpaid.id)).toMatchObject([{ cause: 'pix-short:E2026112515000UNPAIDSHORT01' }]);
});

it('a copy superseded by a newer one, its PIX then paid short: the money paid nothing, with its reason (decision 078)', async () => {
  const db = t.database.db;
  const older = await copyOf(5, 1);
  const newer = await copyOf(5, 2);
  expect(await recordSecondCopyCancelled(db, older.id, `superseded:${newer.id}`)).toBe(true);
  // Its cobv, removal at the PSP too late, concluded with 60 of 100: the copy was ended already.
  expect(await payPix(older, 'E2026112515000SUPERSEDEDSHRT', 6_000)).toEqual(['unapplied']);
  expect(await secondCopyStanding(db, older)).toEqual({ instalmentOwed: true, cancelled: true });
  expect(await unappliedOf(['pix:E2026112515000SUPERSEDEDSHRT'])).toEqual([
    { amountCents: '6000', unappliedReason: 'underpaid' },
  ]);
  // Its boleto, still registered at the bank, then paid in full pays the instalment; the 60 still paid nothing.
  expect((await liquidateCopy(db, older, 805, 10_000)).lines.map((l) => l.outcome)).toEqual(['applied']);
  expect(await secondCopyStanding(db, older)).toEqual({ instalmentOwed: false, cancelled: true });
  expect(await unappliedOf(['pix:E2026112515000SUPERSEDEDSHRT'])).toEqual([
    { amountCents: '6000', unappliedReason: 'underpaid' },
  ]);
});

it('a copy paid short, then its instalment paid by another copy: the short money paid nothing (decision 078)', async () => {
  const db = t.database.db;
  const older = await copyOf(6, 1);
  const newer = await copyOf(6, 2);
  // The older copy's boleto liquidated short, before the reissue-boletos job ended it; then the newer copy's PIX.
  const report = await liquidateCopy(db, older, 806, 5_000);
  expect(report.lines.map((l) => l.outcome)).toEqual(['underpaid']);
  expect(await payPix(newer, 'E2026112515000NEWERPAIDLATER', 10_000)).toEqual(['paid']);
  // The instalment was paid once, by the newer copy: the 50 received before it paid nothing.
  expect(await unappliedOf([`cnab:${report.fileId}:${report.lines[0]!.line}`])).toEqual([
    { amountCents: '5000', unappliedReason: 'underpaid' },
  ]);
});
