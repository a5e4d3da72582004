// The portfolio import of the back office (issue 18 item 2; docs/api.md "Importação"; decision 028): the run as the
// admin API answers it, the messages of its refusals, and the progress figures the screen and the CLI show.

export type ImportRunStatusName = 'running' | 'done' | 'rejected' | 'failed';

export interface ImportTableCount {
  total: number;
  inclusoes: number;
  alteracoes: number;
}

export interface ImportRunAnswer {
  id: number;
  parceiro: { id: number; nome: string };
  arquivo: string;
  bytes: number;
  status: ImportRunStatusName;
  /** While running: reading (validating and staging lines) or writing (the tables; no per-line progress there). */
  fase: 'lendo' | 'gravando' | null;
  /** Data lines read; the file's data lines (exact once the run ends). */
  linhas: number;
  total: number;
  linhas_por_segundo: number | null;
  /** Estimated seconds left while lines are read; null when it cannot be told. */
  segundos_restantes: number | null;
  /** Seconds since it started (the whole run once it ended). */
  segundos: number;
  contagens: {
    pessoas: ImportTableCount;
    lojas: ImportTableCount;
    contratos: ImportTableCount;
    parcelas: ImportTableCount;
    lojas_vinculadas: number;
  } | null;
  /** The first problems of a rejected file (line 1 is the header); `total_problemas` counts them all. */
  problemas: { linha: number; coluna: string | null; mensagem: string }[];
  total_problemas: number;
  erro: string | null;
  iniciada_por: string;
  iniciada_em: string;
  concluida_em: string | null;
}

/**
 * A run in the list of the latest ones (GET /api/importacoes): the problems only counted, since their messages quote
 * the file's values (a person's e-mail, phone or CPF/CNPJ); one run's read (GET /api/importacoes/{id}) lists them.
 */
export type ImportRunSummary = Omit<ImportRunAnswer, 'problemas'>;

/** The upload limit: a million instalment lines are about 150 MB. */
export const IMPORT_MAX_MEGABYTES = 200;

export const IMPORT_MESSAGES = {
  running: 'Já há uma importação de carteira em andamento. Aguarde ela terminar e envie o arquivo de novo.',
  notCsv: 'Envie o arquivo CSV da carteira (texto separado por ponto e vírgula).',
  tooLarge: `O arquivo passa do limite de ${IMPORT_MAX_MEGABYTES} MB. Divida a carteira em arquivos menores e importe um de cada vez.`,
  partnerNotFound: 'Parceiro não encontrado.',
  partnerArchived: 'Este parceiro está arquivado: a carteira não pode ser importada para ele.',
  runNotFound: 'Importação não encontrada.',
  started: 'Importação iniciada.',
  done: 'Carteira importada.',
  rejected: 'O arquivo tem problemas e nada foi gravado. Corrija as linhas indicadas e importe de novo.',
  failed: 'A importação falhou e nada foi gravado.',
} as const;

/**
 * Lines per second and the seconds left at that pace, from the lines read out of `total` in `seconds`; null while
 * too little has been read to tell.
 */
export function importPace(
  rows: number,
  total: number,
  seconds: number,
): { perSecond: number | null; secondsLeft: number | null } {
  if (rows <= 0 || seconds <= 0) return { perSecond: null, secondsLeft: null };
  const perSecond = rows / seconds;
  return { perSecond, secondsLeft: Math.max(0, total - rows) / perSecond };
}
