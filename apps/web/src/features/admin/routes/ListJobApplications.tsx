import { type JobApplicationListItem, type JobApplicationListPage, maskMobilePhone } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { downloadCv, listJobApplications } from '../api/jobs';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { usePartnerOptions } from '../components/usePartnerOptions';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import '../admin-jobs.css';

/**
 * 'Candidaturas': the job applications of WorkWithUs (spec 002 §2 "Job form"), newest first, page by page, of every
 * partner or of one, each with its CV to download (staff only, as an attachment).
 */
export default function ListJobApplications() {
  return (
    <AdminLayout>
      <Applications />
    </AdminLayout>
  );
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; page: JobApplicationListPage };

function Applications() {
  const onFailure = useAdminFailure();
  const [page, setPage] = useState(1);
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const partners = usePartnerOptions();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [downloading, setDownloading] = useState<number | null>(null);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', page: await listJobApplications(page, partnerId) });
    } catch (error) {
      setState({ status: 'failed' });
      await onFailure(error);
    }
  }, [page, partnerId, onFailure]);

  useEffect(() => {
    void load();
  }, [load]);

  async function download(item: JobApplicationListItem) {
    if (!item.curriculo) return;
    setDownloading(item.id);
    try {
      await downloadCv(item.curriculo.url, `curriculo-${item.id}.pdf`);
    } catch (error) {
      await onFailure(error);
    } finally {
      setDownloading(null);
    }
  }

  const lastPage = state.status === 'ready' ? state.page.meta.last_page : 1;
  return (
    <section className="admin-panel" aria-labelledby="jobs-title" aria-busy={state.status === 'loading'}>
      <div className="admin-panel__head">
        <h1 id="jobs-title" className="admin-panel__title">
          Candidaturas
        </h1>
      </div>
      <div className="admin-search">
        <SelectField
          label="Parceiro"
          name="parceiro"
          placeholder="Todos os parceiros"
          options={partners}
          value={partnerId === null ? '' : String(partnerId)}
          onChange={(event) => {
            setPage(1);
            setPartnerId(event.target.value ? Number(event.target.value) : null);
          }}
        />
      </div>
      {state.status === 'loading' && (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
      {state.status === 'failed' && (
        <div className="admin-panel__problem" role="alert">
          <p>Não foi possível carregar as candidaturas.</p>
          <button type="button" className="btn btn--ghost" onClick={() => void load()}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.page.data.length === 0 ? (
          <p className="admin-panel__empty" data-testid="jobs-empty">
            Nenhuma candidatura recebida.
          </p>
        ) : (
          <ul className="admin-cards" data-testid="jobs-list">
            {state.page.data.map((item) => (
              <li key={item.id} className="admin-card admin-job" data-testid="job-card">
                <div className="admin-job__body">
                  <h2 className="admin-card__title">{item.nome}</h2>
                  <dl className="admin-job__facts">
                    <dt>Recebida em</dt>
                    <dd>{brasiliaDateTimeFormat.format(new Date(item.criadoEm))}</dd>
                    <dt>Parceiro</dt>
                    <dd>{item.parceiro.nome}</dd>
                    <dt>Nível da vaga</dt>
                    <dd>{item.tipoDeAtuacao}</dd>
                    <dt>Área de interesse</dt>
                    <dd>{item.interesse}</dd>
                    <dt>Celular</dt>
                    <dd>{maskMobilePhone(item.telefone)}</dd>
                    <dt>E-mail</dt>
                    <dd>
                      <a href={`mailto:${item.email}`}>{item.email}</a>
                    </dd>
                    {item.mensagem && (
                      <>
                        <dt>Mensagem</dt>
                        <dd className="admin-job__message">{item.mensagem}</dd>
                      </>
                    )}
                  </dl>
                </div>
                <div className="admin-card__actions">
                  {item.curriculo ? (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => void download(item)}
                      disabled={downloading !== null}
                      aria-busy={downloading === item.id || undefined}
                      data-testid="job-cv"
                    >
                      {downloading === item.id ? 'Baixando…' : 'Baixar currículo'}
                      <span className="sr-only"> de {item.nome}</span>
                    </button>
                  ) : (
                    <span className="admin-job__no-cv">Sem currículo</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
      <AdminPager page={page} lastPage={lastPage} label="Páginas de candidaturas" onPage={setPage} />
    </section>
  );
}
