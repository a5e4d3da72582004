import type { AuditItem } from '@portal/domain';
import ExcelJS from 'exceljs';

// The audit trail's spreadsheet (decision 024): one row per audit row, the before and after as JSON text, a bold
// frozen header with a filter, like the leads' sheet.

const COLUMNS: { header: string; width: number; value: (item: AuditItem) => string | number }[] = [
  { header: 'Código', width: 10, value: (i) => i.id },
  { header: 'Data e hora (Brasília)', width: 20, value: (i) => i.em },
  { header: 'Usuário', width: 20, value: (i) => i.usuario },
  { header: 'Código do usuário', width: 10, value: (i) => i.usuario_id },
  { header: 'IP', width: 16, value: (i) => i.ip ?? '' },
  { header: 'Rota', width: 40, value: (i) => i.rota },
  { header: 'Ação', width: 14, value: (i) => i.acao },
  { header: 'Entidade', width: 18, value: (i) => i.entidade ?? '' },
  { header: 'Identificador', width: 14, value: (i) => i.entidade_id ?? '' },
  { header: 'Antes', width: 60, value: (i) => (i.antes === null ? '' : JSON.stringify(i.antes)) },
  { header: 'Depois', width: 60, value: (i) => (i.depois === null ? '' : JSON.stringify(i.depois)) },
];

// A cell holds at most 32,767 characters (Excel's limit): a longer JSON is cut and says so.
const CELL_MAX = 32_000;
const fit = (value: string | number) =>
  typeof value === 'string' && value.length > CELL_MAX ? `${value.slice(0, CELL_MAX)}… (cortado)` : value;

/** The XLSX file of `items`, in the given order. */
export async function buildAuditSheet(items: readonly AuditItem[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal de negociação';
  const sheet = workbook.addWorksheet('Auditoria', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  for (const item of items) sheet.addRow(COLUMNS.map((column) => fit(column.value(item))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
