import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages } from '../src/db/schema';
import { type CardsUsed, cardDataIn, cardDataInLog, cardDataStoredSince, storedTexts } from './card-scan';
import { createTestApp, type TestApp } from './test-app';

// The PCI scan must be able to fail: each place it searches gets a card number or a security code planted, and the
// scan finds it (and not the digits of an id, a time or an amount).

const PAID = '4000000000000010';
const USED: CardsUsed = { numbers: [PAID, '4000000000000028'], cvvs: ['987', '654'] };

describe('cardDataIn', () => {
  it('finds a Luhn-valid 13-19 digit number, plain or typed in groups, and a security code used', () => {
    expect(cardDataIn(`x ${PAID} 987 y`, USED.cvvs)).toEqual([PAID, 'cvv 987']);
    expect(cardDataIn('{"n":"4000.0000.0000.0028","m":"4000 0000 0000 0036"}', USED.cvvs)).toEqual([
      '4000000000000028',
      '4000000000000036',
    ]);
    // 13 and 19 digits (Visa's oldest length, the longest ISO/IEC 7812-1 allows).
    expect(cardDataIn('4222222222222 6011000990139424017', [])).toEqual([
      '4222222222222',
      '6011000990139424017',
    ]);
  });

  it('passes over digits inside a longer token, numbers failing Luhn, times and amounts', () => {
    expect(cardDataIn(`or_${PAID} 9f${PAID}e 12:00:00.987+00 R$ 1.654,00`, USED.cvvs)).toEqual([]);
    expect(cardDataIn('4000000000000011 400000000000 40000000000000000002', [])).toEqual([]);
  });
});

describe('cardDataInLog', () => {
  it('finds card data in a log line’s strings and whole numbers, and a number used even inside a token', () => {
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({ level: 30, time: 1_700_000_000_000, ...fields });
    expect(cardDataInLog([line({ msg: 'cartão 4000 0000 0000 0028' })], USED)).toEqual(['4000000000000028']);
    expect(cardDataInLog([line({ amount: 4111111111111111 })], USED)).toEqual(['4111111111111111']);
    expect(cardDataInLog([line({ req: { body: { cvv: '654' } } })], USED)).toEqual(['cvv 654']);
    expect(cardDataInLog([line({ id: `ch_${PAID}` })], USED)).toEqual([PAID]);
  });

  it('passes over the time each line was written and durations', () => {
    // 1700000000004 passes Luhn: a time, not a card.
    const line = JSON.stringify({ level: 30, time: 1_700_000_000_004, responseTime: 12.987, msg: 'ok' });
    expect(cardDataInLog([line], USED)).toEqual([]);
  });
});

describe('storedTexts and cardDataStoredSince on a real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a card number or code stored since the first scan in the outbox, any text, number or byte column', async () => {
    const db = t.database.db;
    // Already there at the first scan: not the card tests' doing.
    await db.execute(sql`create table card_scan_probe (note text, amount bigint, file bytea)`);
    await db.execute(sql`insert into card_scan_probe (note) values ('antes 5555 5555 5555 4444')`);
    const before = await storedTexts(t.database);
    expect(cardDataStoredSince(before, await storedTexts(t.database), USED)).toEqual([]);

    // A byte 0xD1 (octal 321) is not the code 321.
    await db.execute(sql`insert into card_scan_probe (file) values (${Buffer.from([0x20, 0xd1, 0x20])})`);
    expect(
      cardDataStoredSince(before, await storedTexts(t.database), { numbers: [], cvvs: ['321'] }),
    ).toEqual([]);
    await db.execute(
      sql`insert into card_scan_probe values ('cartão 378282246310005', 4111111111111111, ${Buffer.from(`%PDF cvv 987 ${PAID}`)})`,
    );
    await db.insert(outboundMessages).values({
      channel: 'email',
      template: 'probe',
      recipient: 'pessoa@example.com',
      bodyText: 'Cartão 4000-0000-0000-0028, código 654.',
    });
    expect(cardDataStoredSince(before, await storedTexts(t.database), USED).sort()).toEqual(
      [
        'card_scan_probe.note: 378282246310005',
        'card_scan_probe.amount: 4111111111111111',
        // In bytes, the codes and the numbers used only (a PDF's ids and dates are digit runs).
        'card_scan_probe.file: cvv 987',
        `card_scan_probe.file: ${PAID}`,
        'outbound_messages.body_text: 4000000000000028',
        'outbound_messages.body_text: cvv 654',
      ].sort(),
    );
  });
});
