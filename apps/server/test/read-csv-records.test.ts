import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvRecord, readCsvRecords } from '../src/services/import/read-csv-records';

// The portfolio file's reader is hand-written (decision 038): the cases of docs/import.md "The file" one by one, then
// any records written the way a spreadsheet writes them, read back whatever byte the stream's chunks split at.

/** Every record the reader yields for the text given as these byte chunks. */
async function read(chunks: Buffer[]): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const batch of readCsvRecords(Readable.from(chunks, { objectMode: false })))
    records.push(...batch);
  return records;
}

const readText = (text: string) => read([Buffer.from(text, 'utf8')]);

describe('readCsvRecords', () => {
  it.each<[string, string, CsvRecord[]]>([
    [
      'LF line ends',
      'a;b\nc;d\n',
      [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
      ],
    ],
    [
      'CRLF, the last line without an end',
      'a;b\r\nc;d',
      [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
      ],
    ],
    ['a byte-order mark', '\ufeffa;b\n', [{ line: 1, fields: ['a', 'b'] }]],
    [
      'a separator and a doubled quote inside quotes',
      '"x;y";"disse ""oi"""\n',
      [{ line: 1, fields: ['x;y', 'disse "oi"'] }],
    ],
    [
      'a line break inside quotes: the record spans two lines, the break read as LF',
      '"l1\r\nl2";z\nseguinte\n',
      [
        { line: 1, fields: ['l1\nl2', 'z'] },
        { line: 3, fields: ['seguinte'] },
      ],
    ],
    [
      'blank lines and lines of bare separators skipped, still counted',
      'a\n\n;;\n \nb\n',
      [
        { line: 1, fields: ['a'] },
        { line: 5, fields: ['b'] },
      ],
    ],
    ['a quote inside an unquoted cell is text', 'ab"c;d\n', [{ line: 1, fields: ['ab"c', 'd'] }]],
    [
      'text after a closing quote keeps the cell as written',
      '"ab"c;d\n',
      [{ line: 1, fields: ['"ab"c', 'd'] }],
    ],
    ['a CR alone is text', 'a\rb;c\n', [{ line: 1, fields: ['a\rb', 'c'] }]],
    ['empty cells', ';x;\n', [{ line: 1, fields: ['', 'x', ''] }]],
    [
      'a quote left open runs to the end of the file',
      'a;b\n"cd\nef',
      [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: [], unclosedQuote: true },
      ],
    ],
  ])('%s', async (_case, text, expected) => {
    expect(await readText(text)).toEqual(expected);
    // The same text a byte at a time: nothing depends on where a chunk ends.
    expect(await read([...Buffer.from(text, 'utf8')].map((byte) => Buffer.from([byte])))).toEqual(expected);
  });

  it('hands the records on in batches of 1,000', async () => {
    const batches: number[] = [];
    const text = Array.from({ length: 2_500 }, (_, i) => `linha;${i}\n`).join('');
    for await (const batch of readCsvRecords(Readable.from([Buffer.from(text)], { objectMode: false })))
      batches.push(batch.length);
    expect(batches).toEqual([1_000, 1_000, 500]);
  });

  it('reads back any records written with quoting where needed, split into chunks at any byte', async () => {
    // Cells from characters that matter to the format, and two-byte and four-byte UTF-8 characters.
    const cell = fc
      .array(fc.constantFrom('a', 'Z', '7', ' ', ';', '"', '\n', '\r\n', '\r', 'é', 'ç', '😀'), {
        maxLength: 8,
      })
      .map((parts) => parts.join(''));
    const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        records,
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (rows, lineEnd, bom, finalLineEnd, cuts) => {
          const quote = (field: string) =>
            /[;"\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
          const text =
            (bom ? '\ufeff' : '') +
            rows.map((fields) => fields.map(quote).join(';')).join(lineEnd) +
            (finalLineEnd ? lineEnd : '');
          const bytes = Buffer.from(text, 'utf8');
          const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...offsets].map((from, i) =>
            bytes.subarray(from, [...offsets, bytes.length][i]),
          );
          const expected: CsvRecord[] = [];
          let line = 1;
          for (const fields of rows) {
            const read = fields.map((field) => field.replaceAll('\r\n', '\n'));
            if (read.some((field) => field.trim() !== '')) expected.push({ line, fields: read });
            line += 1 + fields.join('').split(/\r?\n/).length - 1;
          }
          expect(await read(chunks)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
