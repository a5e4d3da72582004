import { type ImportRunAnswer, type ImportTableCount, importPace } from '@portal/domain';
import type { ImportRunCounts, ImportRunRow } from '../../repositories/import-run-repository';

/** What the process running an import knows and the row does not hold yet. */
export interface LiveImport {
  phase: 'reading' | 'writing';
  rows: number;
  /** performance.now() at the start. */
  started: number;
}

const tableCount = (count: ImportRunCounts['persons']): ImportTableCount => ({
  total: count.total,
  inclusoes: count.inserted,
  alteracoes: count.updated,
});

/** A run as the admin API answers it (docs/api.md "Importação"), with the live progress of a run in this process. */
export function importRunAnswer(row: ImportRunRow, live?: LiveImport): ImportRunAnswer {
  const running = row.status === 'running';
  const rows = live?.rows ?? row.rows;
  const seconds = live
    ? (performance.now() - live.started) / 1000
    : (row.seconds ?? ((row.finishedAt ?? new Date()).getTime() - row.startedAt.getTime()) / 1000);
  // Once it ended the lines read are the file's lines (the count at upload also counted blank lines).
  const total = running ? row.totalRows : rows;
  const pace = importPace(rows, total, seconds);
  const { counts } = row;
  return {
    id: row.id,
    parceiro: { id: row.partnerId, nome: row.partnerName },
    arquivo: row.fileName,
    bytes: row.fileBytes,
    status: row.status,
    fase: running ? (live?.phase === 'writing' ? 'gravando' : 'lendo') : null,
    linhas: rows,
    total,
    linhas_por_segundo: pace.perSecond === null ? null : Math.round(pace.perSecond),
    segundos_restantes:
      running && live?.phase === 'reading' && pace.secondsLeft !== null ? Math.ceil(pace.secondsLeft) : null,
    segundos: Math.round(seconds * 10) / 10,
    contagens: counts
      ? {
          pessoas: tableCount(counts.persons),
          lojas: tableCount(counts.stores),
          contratos: tableCount(counts.contracts),
          parcelas: tableCount(counts.instalments),
          lojas_vinculadas: counts.storesLinked,
        }
      : null,
    problemas: (row.issues ?? []).map((issue) => ({
      linha: issue.line,
      coluna: issue.column ?? null,
      mensagem: issue.message,
    })),
    total_problemas: row.issueCount,
    erro: row.error,
    iniciada_por: row.username,
    iniciada_em: row.startedAt.toISOString(),
    concluida_em: row.finishedAt?.toISOString() ?? null,
  };
}
