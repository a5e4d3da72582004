import type { Readable } from 'node:stream';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
  /** A quoted field opened here was never closed: the record ran to the end of the file. */
  unclosedQuote?: true;
}

const LINE_BREAK = /\r?\n/g;
/** Records handed on together: one COPY write and one progress report each, rather than one per line. */
const BATCH_RECORDS = 1000;

const QUOTE = 0x22;
const SEPARATOR = 0x3b;
const LF = 0x0a;
const CR = 0x0d;
const BOM = '\ufeff';

/** Spreadsheets often end a sheet with lines of bare separators (or blanks); they carry nothing. */
function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/**
 * The ';'-separated records of a text given in chunks (docs/import.md, "The file"): a record ends at LF or CRLF
 * outside quotes. A quote opens a quoted cell only as the cell's first character, and elsewhere is text; inside
 * quotes `""` is one quote, and a closing quote followed by anything but a separator, a line end or the end of the
 * text keeps the cell as written, quotes included, and reads on unquoted.
 *
 * Hand-written (decision 038): a general CSV parser spent five times a plain split of the same lines, the larger
 * part of an import. One pass over the characters; a cell is sliced from its chunk, never built a character at a
 * time.
 */
class RecordReader {
  private fields: string[] = [];
  /** The current cell's text read in earlier chunks or before a doubled quote. */
  private field = '';
  private quoting = false;
  /** The current cell was quoted: a record of one empty quoted cell at the end of the text still counts. */
  private quoted = false;
  /** The last characters of a chunk whose meaning depends on the next one (a quote, or CR). */
  private carry = '';
  private started = false;

  /** The records a chunk completes; with `last`, the text ends after it. False at the end: a quote left open. */
  read(chunk: string, last: boolean, records: string[][]): boolean {
    let text = this.carry + chunk;
    this.carry = '';
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    const length = text.length;
    let start = 0;
    let i = 0;
    while (i < length) {
      const code = text.charCodeAt(i);
      if (this.quoting) {
        if (code !== QUOTE) {
          i++;
          continue;
        }
        const next = i + 1 < length ? text.charCodeAt(i + 1) : -1;
        // What follows the quote is in the next chunk.
        if (!last && (next === -1 || (next === CR && i + 2 >= length))) break;
        if (next === QUOTE) {
          this.field += text.slice(start, i + 1);
          i += 2;
          start = i;
          continue;
        }
        this.field += text.slice(start, i);
        this.quoting = false;
        const closes =
          next === -1 || next === SEPARATOR || next === LF || (next === CR && text.charCodeAt(i + 2) === LF);
        if (closes) i++;
        // Text after the closing quote: the quotes stay in the cell, the closing one read as text from here.
        else this.field = `"${this.field}`;
        start = i;
        continue;
      }
      if (code === QUOTE) {
        if (i === start && this.field === '') {
          this.quoting = true;
          this.quoted = true;
          start = ++i;
        } else i++;
        continue;
      }
      if (code === SEPARATOR) {
        this.endField(text.slice(start, i));
        start = ++i;
        continue;
      }
      if (code === LF || code === CR) {
        if (code === CR) {
          if (i + 1 >= length && !last) break;
          if (text.charCodeAt(i + 1) !== LF) {
            i++;
            continue;
          }
        }
        this.endField(text.slice(start, i));
        records.push(this.fields);
        this.fields = [];
        i += code === CR ? 2 : 1;
        start = i;
        continue;
      }
      i++;
    }
    this.field += text.slice(start, i);
    this.carry = text.slice(i);
    if (!last) return true;
    if (this.quoting) return false;
    if (this.quoted || this.fields.length > 0 || this.field !== '') {
      this.endField('');
      records.push(this.fields);
    }
    return true;
  }

  private endField(tail: string): void {
    this.fields.push(this.field + tail);
    this.field = '';
    this.quoted = false;
  }
}

/**
 * Records of a ';'-separated UTF-8 text (optional BOM, LF or CRLF line ends), streamed, in batches. Blank lines,
 * and lines of bare separators, are skipped; they still count as lines.
 */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvRecord[]> {
  // Decoding first keeps bytes that are not UTF-8 as U+FFFD, which the validator reports by cell.
  input.setEncoding('utf8');
  const reader = new RecordReader();
  let line = 1;
  const batch: CsvRecord[] = [];
  const take = (records: string[][]) => {
    for (const fields of records) {
      const start = line;
      line++;
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i]!;
        // A line break inside quotes: the record spans more lines, and reads as "\n" whatever the file's line ends.
        if (field.includes('\n')) {
          line += field.match(LINE_BREAK)!.length;
          fields[i] = field.replace(LINE_BREAK, '\n');
        }
      }
      if (!isBlank(fields)) batch.push({ line: start, fields });
    }
  };
  for await (const chunk of input as AsyncIterable<string>) {
    const records: string[][] = [];
    reader.read(chunk, false, records);
    take(records);
    while (batch.length >= BATCH_RECORDS) yield batch.splice(0, BATCH_RECORDS);
  }
  const records: string[][] = [];
  const closed = reader.read('', true, records);
  take(records);
  if (!closed) batch.push({ line, fields: [], unclosedQuote: true });
  while (batch.length > 0) yield batch.splice(0, BATCH_RECORDS);
}
