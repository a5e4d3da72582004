import ExcelJS from 'exceljs';

// The back office's spreadsheets (leads, audit, agreements, payments): one sheet with a bold frozen header and a
// filter, a column per field with its width and number format, typed cells.

export type CellValue = string | number | Date;

export interface SheetColumn<T> {
  header: string;
  /** Width in characters. */
  width: number;
  value: (row: T) => CellValue;
  /** Excel number format (money, dates). */
  format?: string;
}

/** Money cells: centavos shown as reais. */
export const MONEY_FORMAT = '"R$" #,##0.00';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
export const DATE_FORMAT = 'dd/mm/yyyy';

/** A 'YYYY-MM-DD' day as an Excel date (no time zone: the day as written). */
export const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

/** The XLSX file of `rows` in the given order, one line each, then `footer` in bold (a totals line). */
export async function buildSheet<T>(
  name: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[],
  footer?: readonly CellValue[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal de negociação';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.format ? { style: { numFmt: column.format } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  if (footer) sheet.addRow([...footer]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
