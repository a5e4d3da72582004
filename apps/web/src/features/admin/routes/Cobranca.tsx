import {
  formatBrDate,
  formatMoney,
  RETORNO_OUTCOME_TEXTS,
  type RemessaListItem,
  type RetornoReportAnswer,
  type RetornoReportLine,
} from '@portal/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { useSingleFlightMutation } from '../../../lib/use-single-flight';
import {
  type RetornoUpload,
  useGenerateRemessas,
  useRemessaDownload,
  useRemessas,
  useRetornoUpload,
} from '../api/cobranca';
import { AdminLayout, useAdminFailure, useStaffWrites } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import { EventCause } from '../components/EventCause';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import '../reports.css';
import '../cobranca.css';

/**
 * 'Cobrança' (issue 17 item 2): the CNAB 240 remessas that register the boletos at the bank, written now or by the
 * daily run, each to download and send; and the upload of the bank's retorno, whose report says what each title
 * did (paid, rejected with the bank's reasons, unknown) or, for a broken file, every error by line.
 */
export default function Cobranca() {
  return (
    <AdminLayout>
      <CobrancaSections />
    </AdminLayout>
  );
}

/** An auditor reads the remessas; generating one and importing a retorno are writes. */
function CobrancaSections() {
  const writes = useStaffWrites('administration');
  return (
    <>
      <Remessas writes={writes} />
      {writes && <Retorno />}
    </>
  );
}

const REMESSA_COLUMNS = ['NSA', 'Loja', 'Banco / convênio', 'Gerada em', 'Boletos', 'Por', 'Arquivo'];

function Remessas({ writes }: { writes: boolean }) {
  const onFailure = useAdminFailure();
  const { showSnackbar } = useFeedback();
  const [page, setPage] = useState(1);
  const remessas = useRemessas(page);
  const generate = useGenerateRemessas();

  // A double click would generate, then report 'Nenhum boleto novo' from the second request.
  const generateNow = useSingleFlightMutation(generate, {
    onSuccess: (answer) => {
      setPage(1);
      showSnackbar(answer.message, 'success');
    },
    onError: onFailure,
  });

  return (
    <AdminListPanel
      titleId="remessas-title"
      title="Remessas de boletos"
      className="cobranca__panel"
      actions={
        writes && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => generateNow()}
            disabled={generate.isPending}
          >
            {generate.isPending ? 'Gerando…' : 'Gerar remessa agora'}
          </button>
        )
      }
      controls={
        <p className="cobranca__hint">
          Cada remessa registra no banco os boletos novos de uma loja (CNAB 240). Baixe o arquivo e envie ao
          banco.
        </p>
      }
      query={remessas}
      failedText="Não foi possível carregar as remessas."
      empty="Nenhuma remessa gerada ainda."
      emptyTestId="remessas-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de remessas' }}
    >
      {(items) => (
        <AdminTable testId="remessas" caption="Remessas geradas" columns={REMESSA_COLUMNS}>
          {items.map((item) => (
            <RemessaRow key={item.id} item={item} />
          ))}
        </AdminTable>
      )}
    </AdminListPanel>
  );
}

/** One remessa, downloaded on its own: another row's file can be saved while this one is on its way. */
function RemessaRow({ item }: { item: RemessaListItem }) {
  const onFailure = useAdminFailure();
  const download = useRemessaDownload();
  const busy = download.isPending;
  // One download of this file at a time: a double click saved it twice.
  const save = useSingleFlightMutation(download, { onError: onFailure });
  return (
    <tr data-testid="remessa">
      <td className="cobranca__number">{item.nsa}</td>
      <td>{item.loja?.nome ?? '—'}</td>
      <td className="cobranca__nowrap">
        {item.banco} / {item.convenio}
      </td>
      <td className="cobranca__nowrap">{brasiliaDateTimeFormat.format(new Date(item.criado_em))}</td>
      <td className="cobranca__number">{item.titulos}</td>
      <td>
        <EventCause cause={item.criado_por} />
      </td>
      <td>
        <button
          type="button"
          className="btn btn--ghost cobranca__download"
          onClick={() => save(item)}
          disabled={busy}
          aria-label={`Baixar remessa ${item.nsa} (${item.nome_arquivo})`}
        >
          {busy ? 'Baixando…' : 'Baixar'}
        </button>
      </td>
    </tr>
  );
}

function Retorno() {
  const onFailure = useAdminFailure();
  const upload = useRetornoUpload();
  const inputId = useId();
  const [missing, setMissing] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    setMissing(!file);
    if (!file) return;
    upload.mutate(file, {
      // The result is read next: focus moves to it, so a keyboard or screen-reader user lands on the report.
      onSuccess: () => requestAnimationFrame(() => resultRef.current?.focus()),
      onError: onFailure,
    });
  }

  return (
    <section className="admin-panel cobranca__panel cobranca__retorno" aria-labelledby="retorno-title">
      <div className="admin-panel__head">
        <h2 id="retorno-title" className="admin-panel__title">
          Importar retorno do banco
        </h2>
      </div>
      <form className="cobranca__upload" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="cobranca__label">
          Arquivo de retorno (CNAB 240)
        </label>
        <input
          id={inputId}
          ref={fileRef}
          type="file"
          name="retorno"
          accept=".ret,.txt,.RET,.TXT,text/plain"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${inputId}-error` : undefined}
          onChange={() => setMissing(false)}
        />
        {missing && (
          <p id={`${inputId}-error`} className="cobranca__error" role="alert">
            Escolha o arquivo de retorno enviado pelo banco.
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
          {upload.isPending ? 'Importando…' : 'Importar retorno'}
        </button>
      </form>
      <div ref={resultRef} tabIndex={-1} className="cobranca__result" aria-live="polite">
        {upload.isPending && <p>Lendo o arquivo e aplicando os pagamentos…</p>}
        {upload.data && <RetornoResult result={upload.data} />}
      </div>
    </section>
  );
}

function RetornoResult({ result }: { result: RetornoUpload }) {
  if (!result.ok)
    return (
      <div className="cobranca__refused" data-testid="retorno-errors">
        <h3>Retorno não importado</h3>
        <p>{result.message}</p>
        <ul>
          {result.errors.map((error) => (
            <li key={`${error.linha}-${error.mensagem}`}>
              Linha {error.linha}: {error.mensagem}
            </li>
          ))}
        </ul>
      </div>
    );
  return <RetornoReport message={result.message} report={result.report} />;
}

// Each total as the report's summary says it, singular and plural.
const TOTALS: [keyof RetornoReportAnswer['totais'], string, string][] = [
  ['aplicados', 'pago', 'pagos'],
  ['duplicados', 'já estava pago', 'já estavam pagos'],
  ['nao_aplicados', 'pago de novo (valor não aplicado)', 'pagos de novo (valores não aplicados)'],
  [
    'de_acordo_cancelado',
    'pago de acordo cancelado (valor não aplicado)',
    'pagos de acordos cancelados (valores não aplicados)',
  ],
  [
    'a_menor',
    'pago a menor (valor não aplicado, parcela em aberto)',
    'pagos a menor (valores não aplicados, parcelas em aberto)',
  ],
  ['rejeitados', 'rejeitado pelo banco', 'rejeitados pelo banco'],
  ['confirmados', 'registro confirmado', 'registros confirmados'],
  ['baixados', 'baixado', 'baixados'],
  ['desconhecidos', 'com nosso número desconhecido', 'com nosso número desconhecido'],
  ['ignorados', 'sem ação no portal', 'sem ação no portal'],
];

const RETORNO_COLUMNS = ['Linha', 'Movimento', 'Nosso número', 'Resultado', 'Detalhes', 'Tarifa'];

function RetornoReport({ message, report }: { message: string; report: RetornoReportAnswer }) {
  const summary = TOTALS.filter(([key]) => report.totais[key] > 0)
    .map(([key, one, many]) => `${report.totais[key]} ${report.totais[key] === 1 ? one : many}`)
    .join(', ');
  return (
    <div data-testid="retorno-report">
      <h3>Resultado do retorno {report.nome_arquivo}</h3>
      <p>{message}</p>
      <p data-testid="retorno-summary">{summary || 'O arquivo não tem títulos.'}</p>
      {report.linhas.length > 0 && (
        <AdminTable caption="Títulos do retorno" columns={RETORNO_COLUMNS}>
          {report.linhas.map((line) => (
            <tr key={line.linha} data-testid="retorno-line" className={`cobranca__line--${line.resultado}`}>
              <td className="cobranca__number">{line.linha}</td>
              <td>
                {line.movimento} {line.movimento_texto}
              </td>
              <td className="cobranca__nowrap">{line.nosso_numero}</td>
              <td>{RETORNO_OUTCOME_TEXTS[line.resultado]}</td>
              <td>{lineDetails(line)}</td>
              <td className="cobranca__number">{formatMoney(line.tarifa)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}

function lineDetails(line: RetornoReportLine): string {
  if (line.motivos.length > 0) return line.motivos.map((m) => `${m.codigo} ${m.texto}`).join('; ');
  const when = line.data_ocorrencia ? ` em ${formatBrDate(line.data_ocorrencia)}` : '';
  if (['applied', 'duplicate', 'unapplied', 'agreement_cancelled'].includes(line.resultado))
    return `${formatMoney(line.valor_pago)} pagos${when}`;
  if (line.resultado === 'underpaid')
    return `${formatMoney(line.valor_pago)} pagos de ${formatMoney(line.valor)}${when}`;
  return `Valor do título ${formatMoney(line.valor)}${when}`;
}
