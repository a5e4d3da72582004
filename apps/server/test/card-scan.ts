import { passesLuhn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

// The PCI scan after the card tests (issue 20 item 10): no card number (13 to 19 digits passing Luhn) or security
// code in the database (the outbox is a table of it) or the log lines. One scanner for the server's card tests and
// the browser's.

/** What a card test typed: its card numbers (also looked for inside longer tokens) and its security codes. */
export interface CardsUsed {
  numbers: readonly string[];
  cvvs: readonly string[];
}

/**
 * The card numbers (13 to 19 digits passing Luhn) and the security codes used found in `text`. A number counts as a
 * PAN when it stands alone, between characters that are not letters, digits or '_', plain or typed in groups with
 * one separator (4000.0000.0000.0010, 4000 0000 0000 0010): a digit run inside a longer token (a hex hash, a
 * gateway's random `ch_`/`or_` id, whose hex can be all digits) is part of that token, and treating it as a card
 * made this scan flaky. A security code likewise stands alone, not as the digits of a time or an amount
 * (12:00:00.987+00, R$ 1.654,00).
 */
export function cardDataIn(text: string, cvvs: readonly string[]): string[] {
  const numbers = [...text.matchAll(/(?<!\w)(?:\d{13,19}|\d{4}([ .-])\d{3,6}(?:\1\d{3,6}){1,3})(?!\w)/g)]
    .map((m) => m[0].replace(/\D/g, ''))
    .filter((digits) => digits.length >= 13 && digits.length <= 19 && passesLuhn(digits));
  const found = cvvs.filter((cvv) =>
    new RegExp(`(?<![A-Za-z0-9]|\\d[.,:])${cvv}(?![A-Za-z0-9]|[.,:]\\d)`).test(text),
  );
  return [...numbers, ...found.map((cvv) => `cvv ${cvv}`)];
}

/**
 * The card data in JSON log lines: in their strings, and their whole numbers too (a number field could carry a
 * card), but the time each line was written (milliseconds since 1970, 13 digits that may pass Luhn by chance);
 * fractions are durations (responseTime), not cards. The numbers used are looked for anywhere.
 */
export function cardDataInLog(lines: readonly string[], used: CardsUsed): string[] {
  const values = (value: unknown, key = ''): string[] =>
    typeof value === 'string' || (Number.isInteger(value) && key !== 'time')
      ? [String(value)]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => values(v, k))
        : [];
  const log = lines.flatMap((line) => values(JSON.parse(line))).join('\n');
  return [...cardDataIn(log, used.cvvs), ...used.numbers.filter((number) => log.includes(number))];
}

/** Every column of the database that could hold a card number or a CVV, as text: `table.column` -> its values. */
export interface StoredTexts {
  texts: Map<string, string>;
  /** The columns of bytes (attachments). */
  binary: Set<string>;
}

/** Every column of every table that could hold a card number or a CVV (text, bytes, and numbers too), as text. */
export async function storedTexts(database: Database): Promise<StoredTexts> {
  const { db } = database;
  const columns = await db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and data_type in
      ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'bigint', 'numeric', 'ARRAY')`);
  const stored: StoredTexts = { texts: new Map(), binary: new Set() };
  for (const { table_name, column_name, data_type } of columns.rows) {
    if (data_type === 'bytea') stored.binary.add(`${table_name}.${column_name}`);
    const value =
      data_type === 'bytea' ? sql.identifier(column_name) : sql`${sql.identifier(column_name)}::text`;
    const rows = await db.execute<{ v: string | Uint8Array | null }>(
      sql`select ${value} as v from ${sql.identifier(table_name)}`,
    );
    // Bytes (an attachment) read one character a byte: hex, or the octal escapes of encode(…, 'escape') (\321),
    // would make digit runs of their own.
    const text = (v: string | Uint8Array | null) =>
      v === null ? '' : typeof v === 'string' ? v : Buffer.from(v).toString('latin1');
    stored.texts.set(`${table_name}.${column_name}`, rows.rows.map((r) => text(r.v)).join('\n'));
  }
  return stored;
}

/**
 * The card data stored since `before`, as `table.column: hit`: what a column holds now and did not hold then (the
 * demo's own data may pass Luhn by chance), and the numbers used anywhere. An attachment's bytes (a PDF with its
 * dates and ids) are searched for the cards and codes used only.
 */
export function cardDataStoredSince(before: StoredTexts, after: StoredTexts, used: CardsUsed): string[] {
  const found: string[] = [];
  for (const [column, text] of after.texts) {
    const known = new Set(cardDataIn(before.texts.get(column) ?? '', used.cvvs));
    const hits = after.binary.has(column)
      ? cardDataIn(text, used.cvvs).filter((hit) => hit.startsWith('cvv'))
      : cardDataIn(text, used.cvvs);
    for (const hit of hits) if (!known.has(hit)) found.push(`${column}: ${hit}`);
    for (const number of used.numbers) if (text.includes(number)) found.push(`${column}: ${number}`);
  }
  return found;
}
