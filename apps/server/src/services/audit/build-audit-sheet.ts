import { type AuditItem, auditActionLabel, auditEntityLabel } from '@portal/domain';
import { buildSheet, type SheetColumn } from '../reporting/build-sheet';

// The audit trail's spreadsheet (decision 024): one row per audit row, the before and after as JSON text, a bold
// frozen header with a filter, like the leads' sheet.

// A cell holds at most 32,767 characters (Excel's limit): a longer JSON is cut and says so.
const CELL_MAX = 32_000;
const fit = (value: string | number) =>
  typeof value === 'string' && value.length > CELL_MAX ? `${value.slice(0, CELL_MAX)}… (cortado)` : value;
const json = (value: unknown) => (value === null ? '' : fit(JSON.stringify(value)));

const COLUMNS: SheetColumn<AuditItem>[] = [
  { header: 'Código', width: 10, value: (i) => i.id },
  { header: 'Data e hora (Brasília)', width: 20, value: (i) => i.em },
  { header: 'Usuário', width: 20, value: (i) => i.usuario },
  { header: 'Código do usuário', width: 10, value: (i) => i.usuario_id },
  { header: 'IP', width: 16, value: (i) => i.ip ?? '' },
  { header: 'Rota', width: 40, value: (i) => i.rota },
  { header: 'Ação', width: 22, value: (i) => auditActionLabel(i.acao) },
  { header: 'Entidade', width: 26, value: (i) => (i.entidade ? auditEntityLabel(i.entidade) : '') },
  { header: 'Identificador', width: 14, value: (i) => i.entidade_id ?? '' },
  { header: 'Antes', width: 60, value: (i) => json(i.antes) },
  { header: 'Depois', width: 60, value: (i) => json(i.depois) },
];

/** The XLSX file of `items`, in the given order. */
export function buildAuditSheet(items: readonly AuditItem[]): Promise<Buffer> {
  return buildSheet('Auditoria', COLUMNS, items);
}
