// The portfolio file's cells are separated by ';' (docs/import.md "The file"). A spreadsheet saved as CSV in a comma
// locale, or copied out as tab-separated text, reads as a header of one unknown column, or, under a ';' header, as
// lines of one cell each; this tells why instead.

export type ForeignSeparator = ',' | '\t';

const FOREIGN_SEPARATORS: readonly ForeignSeparator[] = [',', '\t'];
const SEPARATOR_NAMES: Record<ForeignSeparator, string> = { ',': 'vírgula (,)', '\t': 'tabulação' };

/** A header name as the file may write it: spaces around it, quotes a spreadsheet put on it, any case. */
const columnName = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();

/** The cells as another separator would have cut them. */
const piecesBy = (cells: readonly string[], separator: ForeignSeparator) =>
  cells.flatMap((cell) => cell.split(separator));

/**
 * The separator a header line uses instead of ';', or null: when none of its ';' cells names a column and some cell,
 * split by ',' or by a tab, names two columns or more (one would be too little to tell from a misspelt header).
 */
export function foreignSeparator(
  headerCells: readonly string[],
  columns: ReadonlySet<string>,
): ForeignSeparator | null {
  if (headerCells.some((cell) => columns.has(columnName(cell)))) return null;
  let found: ForeignSeparator | null = null;
  let most = 1;
  for (const separator of FOREIGN_SEPARATORS) {
    const named = piecesBy(headerCells, separator).filter((piece) => columns.has(columnName(piece))).length;
    if (named > most) {
      found = separator;
      most = named;
    }
  }
  return found;
}

/**
 * The separator a line under a ';' header uses instead, or null: the line is one cell to the ';' reader (blank ones
 * aside, from a trailing ';') and cuts into at least the header's count of cells by ',' or by a tab. When both do,
 * the fewer pieces win: a comma inside a money value ('1.234,50') cuts a tab-separated line further, not the reverse.
 */
export function foreignLineSeparator(
  cells: readonly string[],
  headerLength: number,
): ForeignSeparator | null {
  if (headerLength < 2 || cells.filter((cell) => cell.trim() !== '').length !== 1) return null;
  let found: ForeignSeparator | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (const separator of FOREIGN_SEPARATORS) {
    const pieces = piecesBy(cells, separator).length;
    if (pieces >= headerLength && pieces < fewest) {
      found = separator;
      fewest = pieces;
    }
  }
  return found;
}

/** The one problem of a file separated by `separator`, in the voice of the import's other line problems. */
export function foreignSeparatorMessage(separator: ForeignSeparator): string {
  return `o arquivo parece separado por ${SEPARATOR_NAMES[separator]}, mas o portal lê as colunas separadas por ponto e vírgula (;): salve a planilha como CSV separado por ";" e envie de novo`;
}
