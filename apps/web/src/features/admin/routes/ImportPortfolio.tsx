import {
  IMPORT_MAX_MEGABYTES,
  IMPORT_MESSAGES,
  type ImportRunAnswer,
  type ImportRunStatusName,
} from '@portal/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { useImportRuns, useUploadPortfolio } from '../api/imports';
import { AdminLayout, AdminTitle, useAdminFailure, useStaffWrites } from '../components/AdminLayout';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import { usePartnerTargetOptions } from '../components/usePartnerOptions';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import '../reports.css';
import '../cobranca.css';

/**
 * 'Importação' (issue 18 item 2): an administrator sends a partner's portfolio file (docs/import.md); the server
 * imports it all or nothing while the screen shows the lines read, the pace and the time left, then the counts or
 * every problem by line. The latest runs are listed below (auditors see the list only).
 */
export default function ImportPortfolio() {
  return (
    <AdminLayout>
      <ImportScreen />
    </AdminLayout>
  );
}

function ImportScreen() {
  const imports = useStaffWrites('administration');
  return (
    <>
      {imports && <ImportUpload />}
      <ImportHistory />
    </>
  );
}

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

const STATUS_TEXTS: Record<ImportRunStatusName, string> = {
  running: 'Em andamento',
  done: 'Importada',
  rejected: 'Recusada (nada gravado)',
  failed: 'Falhou (nada gravado)',
};

function timeLeft(seconds: number): string {
  if (seconds < 60) return `cerca de ${count.format(Math.max(1, seconds))} s restantes`;
  return `cerca de ${count.format(Math.ceil(seconds / 60))} min restantes`;
}

function ImportUpload() {
  const onFailure = useAdminFailure();
  const { showSnackbar } = useFeedback();
  const partners = usePartnerTargetOptions();
  const [run, setRun] = useState<ImportRunAnswer | null>(null);
  const upload = useUploadPortfolio(setRun);
  const fileId = useId();
  const [partnerId, setPartnerId] = useState('');
  const [missing, setMissing] = useState<{ partner?: boolean; file?: string }>({});
  const fileRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    // Over the limit the server would refuse it only after the upload: said here at once.
    const fileError = !file
      ? 'Escolha o arquivo CSV da carteira.'
      : file.size > IMPORT_MAX_MEGABYTES * 1024 * 1024
        ? IMPORT_MESSAGES.tooLarge
        : undefined;
    setMissing({ partner: !partnerId, file: fileError });
    if (!file || fileError || !partnerId) return;
    setRun(null);
    upload.mutate(
      { file, partnerId: Number(partnerId) },
      {
        onSuccess: (ended) =>
          showSnackbar(
            ended.status === 'done' ? IMPORT_MESSAGES.done : IMPORT_MESSAGES.rejected,
            ended.status === 'done' ? 'success' : 'danger',
          ),
        onError: onFailure,
      },
    );
  }

  return (
    <section className="admin-panel cobranca__panel" aria-labelledby="import-title">
      <div className="admin-panel__head">
        <AdminTitle id="import-title">Importar carteira</AdminTitle>
      </div>
      <p className="cobranca__hint">
        Envie o arquivo CSV da carteira (separado por ponto e vírgula, em UTF-8, até {IMPORT_MAX_MEGABYTES}{' '}
        MB). A importação é tudo ou nada: se uma linha tiver problema, nada é gravado e cada problema aparece
        com o número da linha.
      </p>
      <form className="cobranca__upload" onSubmit={submit} noValidate>
        <SelectField
          label="Parceiro"
          name="parceiro"
          placeholder="Selecione o parceiro"
          options={partners}
          value={partnerId}
          onChange={(event) => {
            setPartnerId(event.target.value);
            setMissing((before) => ({ ...before, partner: false }));
          }}
          error={missing.partner ? 'Selecione o parceiro da carteira.' : undefined}
        />
        <label htmlFor={fileId} className="cobranca__label">
          Arquivo da carteira (CSV)
        </label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          name="arquivo"
          accept=".csv,text/csv"
          aria-invalid={missing.file ? true : undefined}
          aria-describedby={missing.file ? `${fileId}-error` : undefined}
          onChange={() => setMissing((before) => ({ ...before, file: undefined }))}
        />
        {missing.file && (
          <p id={`${fileId}-error`} className="cobranca__error" role="alert">
            {missing.file}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
          {upload.isPending ? 'Importando…' : 'Importar carteira'}
        </button>
      </form>
      {upload.isPending && !run && <p aria-live="polite">Enviando o arquivo…</p>}
      {run && <RunProgress run={run} />}
    </section>
  );
}

function RunProgress({ run }: { run: ImportRunAnswer }) {
  const labelId = useId();
  const running = run.status === 'running';
  const detail = [
    `${count.format(run.linhas)} de ${count.format(run.total)} linhas`,
    run.linhas_por_segundo !== null ? `${count.format(run.linhas_por_segundo)} linhas/s` : null,
    running && run.segundos_restantes !== null ? timeLeft(run.segundos_restantes) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="import__run" data-testid="import-run" data-status={run.status}>
      <p id={labelId} className="cobranca__label">
        {running
          ? run.fase === 'gravando'
            ? 'Gravando nas tabelas…'
            : 'Lendo e conferindo as linhas…'
          : `${STATUS_TEXTS[run.status]}: ${run.arquivo}`}
      </p>
      <progress
        className="import__bar"
        aria-labelledby={labelId}
        max={Math.max(run.total, 1)}
        value={run.status === 'done' ? Math.max(run.total, 1) : Math.min(run.linhas, run.total)}
        data-testid="import-progress"
      />
      <p aria-live="polite" data-testid="import-detail">
        {detail}
      </p>
      {run.status === 'done' && run.contagens && <RunCounts counts={run.contagens} />}
      {run.status === 'rejected' && <RunProblems run={run} />}
      {run.status === 'failed' && (
        <p className="cobranca__refused" role="alert">
          {IMPORT_MESSAGES.failed} {run.erro}
        </p>
      )}
    </div>
  );
}

function RunCounts({ counts }: { counts: NonNullable<ImportRunAnswer['contagens']> }) {
  const rows: [string, (typeof counts)['pessoas']][] = [
    ['Pessoas', counts.pessoas],
    ['Lojas', counts.lojas],
    ['Contratos', counts.contratos],
    ['Parcelas', counts.parcelas],
  ];
  return (
    <ReportsTableScroll captionId="import-counts-caption">
      <table className="reports-table" data-testid="import-counts">
        <caption id="import-counts-caption">
          Linhas gravadas (lojas novas no parceiro: {count.format(counts.lojas_vinculadas)})
        </caption>
        <thead>
          <tr>
            <th scope="col">Tabela</th>
            <th scope="col">No arquivo</th>
            <th scope="col">Inclusões</th>
            <th scope="col">Alterações</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, table]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="cobranca__number">{count.format(table.total)}</td>
              <td className="cobranca__number">{count.format(table.inclusoes)}</td>
              <td className="cobranca__number">{count.format(table.alteracoes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ReportsTableScroll>
  );
}

function RunProblems({ run }: { run: ImportRunAnswer }) {
  const unlisted = run.total_problemas - run.problemas.length;
  return (
    <div className="cobranca__refused" data-testid="import-problems">
      <p>{IMPORT_MESSAGES.rejected}</p>
      <ul>
        {run.problemas.map((problem) => (
          <li key={`${problem.linha}-${problem.coluna}-${problem.mensagem}`}>
            Linha {problem.linha}
            {problem.coluna ? `, coluna ${problem.coluna}` : ''}: {problem.mensagem}
          </li>
        ))}
      </ul>
      {unlisted > 0 && <p>… e mais {count.format(unlisted)} problemas.</p>}
    </div>
  );
}

function ImportHistory() {
  const runs = useImportRuns();
  return (
    <section className="admin-panel cobranca__panel cobranca__retorno" aria-labelledby="import-history-title">
      <div className="admin-panel__head">
        <h2 id="import-history-title" className="admin-panel__title">
          Últimas importações
        </h2>
      </div>
      <QueryView query={runs} look="admin" failedText="Não foi possível carregar as importações.">
        {(items) =>
          items.length === 0 ? (
            <p className="admin-panel__empty">Nenhuma importação feita pelo painel ainda.</p>
          ) : (
            <ReportsTableScroll captionId="import-history-caption">
              <table className="reports-table" data-testid="import-runs">
                <caption id="import-history-caption">Importações de carteira</caption>
                <thead>
                  <tr>
                    <th scope="col">Iniciada em</th>
                    <th scope="col">Parceiro</th>
                    <th scope="col">Arquivo</th>
                    <th scope="col">Linhas</th>
                    <th scope="col">Situação</th>
                    <th scope="col">Por</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id} data-testid="import-run-row">
                      <td className="cobranca__nowrap">
                        {brasiliaDateTimeFormat.format(new Date(item.iniciada_em))}
                      </td>
                      <td>{item.parceiro.nome}</td>
                      <td>{item.arquivo}</td>
                      <td className="cobranca__number">
                        {item.status === 'running'
                          ? `${count.format(item.linhas)} de ${count.format(item.total)}`
                          : count.format(item.linhas)}
                      </td>
                      <td>
                        {STATUS_TEXTS[item.status]}
                        {item.status === 'rejected' && ` · ${count.format(item.total_problemas)} problema(s)`}
                      </td>
                      <td>{item.iniciada_por}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ReportsTableScroll>
          )
        }
      </QueryView>
    </section>
  );
}
