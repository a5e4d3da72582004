import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ImportRunAnswer, ImportTableCount } from '@portal/domain';
import type { Env } from '../env';
import type { TableCount } from '../repositories/portfolio-repository';
import type { ImportOutcome } from '../services/import/import-portfolio';
import type { PortfolioColumn } from '../services/import/validate-portfolio';
import type { CommandIo } from './command-io';
import { isTerminal, ProgressBar } from './progress-bar';

// `npm run import` while a server holds the embedded database (decision 028): PGlite has one process, so the file
// goes to that server's import route, as an administrator of the back office (PORTAL_USUARIO and PORTAL_SENHA from
// the environment, never an argument another user could read in the process list), and the command shows the run
// the server streams back, as it would show its own.

export interface ServerImport {
  file: string;
  size: number;
  partnerRef: string;
  env: Env;
  io: CommandIo;
  /** The server process holding the data directory. */
  pid: number;
}

interface PartnerItem {
  id: number;
  identificador: string;
  emp_codigo: number;
}

/** Where the server answers on this machine: PORTAL_URL, else its HOST and PORT (any interface: loopback). */
function serverUrl(env: Env, source: NodeJS.ProcessEnv): string {
  if (source.PORTAL_URL) return source.PORTAL_URL.replace(/\/+$/, '');
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

const tableCount = (count: ImportTableCount): TableCount => ({
  total: count.total,
  inserted: count.inclusoes,
  updated: count.alteracoes,
});

/** The run as it ended, as the command's own import answers it. */
function outcomeOf(run: ImportRunAnswer): ImportOutcome | string {
  if (run.status === 'failed' || run.status === 'running')
    return `erro na importação: ${run.erro ?? 'interrompida'}`;
  if (run.status === 'rejected')
    return {
      ok: false,
      rows: run.linhas,
      issueCount: run.total_problemas,
      issues: run.problemas.map((issue) => ({
        line: issue.linha,
        message: issue.mensagem,
        ...(issue.coluna ? { column: issue.coluna as PortfolioColumn } : {}),
      })),
    };
  const counts = run.contagens!;
  return {
    ok: true,
    summary: {
      rows: run.linhas,
      seconds: run.segundos,
      persons: tableCount(counts.pessoas),
      stores: tableCount(counts.lojas),
      contracts: tableCount(counts.contratos),
      instalments: tableCount(counts.parcelas),
      storesLinked: counts.lojas_vinculadas,
    },
  };
}

/** Why the server refused a call: its message, else the status. */
async function refusal(response: Response): Promise<string> {
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  return answer.message ?? `HTTP ${response.status}`;
}

/** The lines of a streamed answer, as they arrive. */
async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<ImportRunAnswer> {
  let pending = '';
  for await (const text of Readable.fromWeb(body as never).setEncoding('utf8')) {
    pending += text;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      yield JSON.parse(pending.slice(0, end)) as ImportRunAnswer;
      pending = pending.slice(end + 1);
    }
  }
}

export async function importThroughServer(
  job: ServerImport,
): Promise<{ outcome: ImportOutcome; partner: string } | string> {
  const { io, env } = job;
  const username = io.env.PORTAL_USUARIO;
  const password = io.env.PORTAL_SENHA;
  if (!username || !password)
    return (
      `o servidor (processo ${job.pid}) está usando o banco embutido em ${env.DATA_DIR}: a importação vai por ele. ` +
      'Informe PORTAL_USUARIO e PORTAL_SENHA de um administrador do painel (docs/import.md) e importe de novo.'
    );
  const base = serverUrl(env, io.env);
  const call = async (path: string, init: RequestInit = {}, token?: string): Promise<Response> => {
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    } catch (error) {
      throw new Error(`o servidor em ${base} não respondeu (${(error as Error).message}); defina PORTAL_URL`);
    }
  };
  const login = await call('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) return `o servidor recusou o login de ${username}: ${await refusal(login)}`;
  const token = ((await login.json()) as { access_token: string }).access_token;
  try {
    const partner = await findPartner(job.partnerRef, (path) => call(path, {}, token));
    if (typeof partner === 'string') return partner;
    const query = new URLSearchParams({ parceiro: String(partner.id), nome: basename(job.file) });
    const response = await call(
      `/api/importacoes?${query}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', 'content-length': String(job.size) },
        body: Readable.toWeb(createReadStream(job.file, { highWaterMark: 1024 * 1024 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit,
      token,
    );
    if (!response.ok || !response.body) return `erro na importação: ${await refusal(response)}`;
    // The share read is lines out of the file's lines here (the server reads the file, not this command).
    const bar = isTerminal(io.stderr) ? new ProgressBar(io.stderr, 1) : null;
    let last: ImportRunAnswer | undefined;
    try {
      for await (const run of jsonLines(response.body)) {
        if (run.fase === 'lendo') bar?.reading(run.linhas / Math.max(run.total, 1), run.linhas);
        else if (run.fase === 'gravando' && last?.fase !== 'gravando') bar?.writing(run.linhas);
        last = run;
      }
    } finally {
      bar?.finish();
    }
    if (!last) return 'erro na importação: o servidor não respondeu até o fim';
    const outcome = outcomeOf(last);
    return typeof outcome === 'string' ? outcome : { outcome, partner: partner.identificador };
  } finally {
    await call('/api/logout', { method: 'POST' }, token).catch(() => undefined);
  }
}

/** The partner by identifier (any case) or emp_codigo, as the command names it, from the back office's list. */
async function findPartner(
  ref: string,
  get: (path: string) => Promise<Response>,
): Promise<PartnerItem | string> {
  for (let page = 1; ; page++) {
    const response = await get(`/api/parceiro?situacao=todos&page=${page}`);
    if (!response.ok) return `erro na importação: ${await refusal(response)}`;
    const answer = (await response.json()) as { data: PartnerItem[]; meta: { last_page: number } };
    const found = answer.data.find((item) =>
      /^\d+$/.test(ref) ? item.emp_codigo === Number(ref) : item.identificador === ref.toLowerCase(),
    );
    if (found) return found;
    if (page >= answer.meta.last_page) return `parceiro não encontrado: ${ref}`;
  }
}
