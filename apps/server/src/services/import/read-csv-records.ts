import { pipeline, type Readable } from 'node:stream';
import { type CsvError, parse } from 'csv-parse';

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

/** Spreadsheets often end a sheet with lines of bare separators (or blanks); they carry nothing. */
function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/**
 * Records of a ';'-separated UTF-8 text (optional BOM, LF or CRLF line ends), streamed through `csv-parse`, in
 * batches. Blank lines, and lines of bare separators, are skipped.
 *
 * Line numbers are counted here, not taken from the parser's `info.lines`, which counts a CRLF inside a quoted cell
 * as two lines; empty lines therefore reach this loop (as one empty field) and are skipped by `isBlank`.
 */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvRecord[]> {
  // Decoding before the parser keeps bytes that are not UTF-8 as U+FFFD, which the validator reports by cell.
  input.setEncoding('utf8');
  let notClosed = false;
  const parser = parse({
    delimiter: ';',
    record_delimiter: ['\r\n', '\n'],
    bom: true,
    // Columns are counted by the validator, with its own message per line.
    relax_column_count: true,
    // A quote opens a quoted cell only as the cell's first character (docs/import.md); elsewhere, and after a
    // closing quote, it is text: the cell is kept as written for the validator to judge.
    relax_quotes: true,
    // The only error left with the options above is a quote still open at the end of the file: it becomes the
    // last record, so the lines before it are still validated and every problem is listed.
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (error?.code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
      notClosed = true;
      return undefined;
    },
  });
  // The callback only swallows the copy of an error the parser's own iteration below already throws.
  const records: Readable = pipeline(input, parser, () => {});

  let line = 1;
  let batch: CsvRecord[] = [];
  for await (const fields of records as AsyncIterable<string[]>) {
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
    if (batch.length === BATCH_RECORDS) {
      yield batch;
      batch = [];
    }
  }
  if (notClosed) batch.push({ line, fields: [], unclosedQuote: true });
  if (batch.length > 0) yield batch;
}
