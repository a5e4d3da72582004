import { type JobApplicationListItem, maskMobilePhone } from '@portal/domain';
import { useState } from 'react';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { useCvDownload, useJobApplications } from '../api/jobs';
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

function Applications() {
  const onFailure = useAdminFailure();
  const [page, setPage] = useState(1);
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const partners = usePartnerOptions();
  const applications = useJobApplications(page, partnerId);
  const cv = useCvDownload();

  function download(item: JobApplicationListItem) {
    if (item.curriculo) cv.mutate({ id: item.id, url: item.curriculo.url }, { onError: onFailure });
  }
  const downloading = cv.isPending ? cv.variables.id : null;

  return (
    <section className="admin-panel" aria-labelledby="jobs-title" aria-busy={applications.isPending}>
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
      <QueryView query={applications} look="admin" failedText="Não foi possível carregar as candidaturas.">
        {({ data: items }) =>
          items.length === 0 ? (
            <p className="admin-panel__empty" data-testid="jobs-empty">
              Nenhuma candidatura recebida.
            </p>
          ) : (
            <ul className="admin-cards" data-testid="jobs-list">
              {items.map((item) => (
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
                        onClick={() => download(item)}
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
          )
        }
      </QueryView>
      <AdminPager
        page={page}
        lastPage={applications.data?.meta.last_page ?? 1}
        label="Páginas de candidaturas"
        onPage={setPage}
      />
    </section>
  );
}
