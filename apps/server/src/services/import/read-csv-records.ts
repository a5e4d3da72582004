import type { Readable } from 'node:stream';

export const CSV_DELIMITER = ';';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
  /** A quoted field opened here was never closed: the record ran to the end of the file. */
  unclosedQuote?: true;
}

const QUOTE = '"';
const BOM = '\ufeff';
// Spreadsheets often end a sheet with lines of bare separators; they carry nothing.
const EMPTY_LINE = /^[\s;]*$/;

/**
 * Splits one record with quoted fields ("a;b", "" inside quotes is a quote). Returns null while a quoted field is
 * still open, so the caller joins the next line (a quoted field may hold a line break).
 */
function splitQuoted(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== QUOTE) field += char;
      else if (text[i + 1] === QUOTE) {
        field += QUOTE;
        i++;
      } else quoted = false;
    } else if (char === CSV_DELIMITER) {
      fields.push(field);
      field = '';
    } else if (char === QUOTE && field === '') quoted = true;
    else field += char;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/**
 * Records of a ';'-separated UTF-8 text (optional BOM, LF or CRLF line ends), one batch per chunk read so a large
 * file costs one await per chunk rather than per line. Blank lines, and lines of bare separators, are skipped. Lines without a quote take a plain
 * split, the common case that keeps a million-line file fast.
 */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvRecord[]> {
  input.setEncoding('utf8');
  let rest = '';
  let lineNumber = 0;
  let open: CsvRecord | null = null;
  let openText = '';

  function collect(lines: string[], batch: CsvRecord[]): void {
    for (let text of lines) {
      lineNumber++;
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (lineNumber === 1 && text.startsWith(BOM)) text = text.slice(1);
      if (open) {
        openText += `\n${text}`;
        const fields = splitQuoted(openText);
        if (fields) {
          open.fields = fields;
          batch.push(open);
          open = null;
        }
        continue;
      }
      if (EMPTY_LINE.test(text)) continue;
      if (!text.includes(QUOTE)) {
        batch.push({ line: lineNumber, fields: text.split(CSV_DELIMITER) });
        continue;
      }
      const fields = splitQuoted(text);
      if (fields) batch.push({ line: lineNumber, fields });
      else {
        open = { line: lineNumber, fields: [] };
        openText = text;
      }
    }
  }

  for await (const chunk of input) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    const batch: CsvRecord[] = [];
    collect(lines, batch);
    if (batch.length > 0) yield batch;
  }
  const last: CsvRecord[] = [];
  collect([rest], last);
  if (open) last.push({ line: (open as CsvRecord).line, fields: [], unclosedQuote: true });
  if (last.length > 0) yield last;
}
