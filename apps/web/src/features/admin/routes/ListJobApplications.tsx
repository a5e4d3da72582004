import { JOB_MESSAGES, type JobApplicationListItem, maskMobilePhone } from '@portal/domain';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { deleteJobApplication, jobApplicationsKey, useCvDownload, useJobApplications } from '../api/jobs';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { AdminCards, AdminListPanel } from '../components/AdminListPanel';
import { ListActionButton, useListAction } from '../components/ListAction';
import { usePartnerOptions } from '../components/usePartnerOptions';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import '../admin-jobs.css';

/**
 * 'Candidaturas': the job applications of WorkWithUs (spec 002 §2 "Job form"), newest first, page by page, of every
 * partner or of one, each with its CV to download (staff only, as an attachment) and, for the roles that write,
 * Excluir after a yes/no confirmation: a candidate's erasure or withdrawn consent (decision 051).
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
  const remove = useListAction({
    id: (item: JobApplicationListItem) => item.id,
    act: (item) => deleteJobApplication(item.id),
    question: (item) => ({
      title: 'Excluir candidatura',
      text: `Você tem certeza que deseja excluir a candidatura de ${item.nome}? Os dados e o currículo serão apagados.`,
    }),
    done: () => JOB_MESSAGES.deleted,
    invalidates: jobApplicationsKey,
  });

  function download(item: JobApplicationListItem) {
    if (item.curriculo) cv.mutate({ id: item.id, url: item.curriculo.url }, { onError: onFailure });
  }
  const downloading = cv.isPending ? cv.variables.id : null;

  return (
    <AdminListPanel
      titleId="jobs-title"
      title="Candidaturas"
      controls={
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
      }
      query={applications}
      failedText="Não foi possível carregar as candidaturas."
      empty="Nenhuma candidatura recebida."
      emptyTestId="jobs-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de candidaturas' }}
    >
      {(items) => (
        <AdminCards
          items={items}
          cardKey={(item) => item.id}
          testId="jobs-list"
          cardTestId="job-card"
          cardClassName="admin-card admin-job"
        >
          {(item) => (
            <>
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
                <ListActionButton
                  action={remove}
                  item={item}
                  label="Excluir"
                  busyLabel="Excluindo…"
                  context={`a candidatura de ${item.nome}`}
                  className="btn btn--ghost admin-card__delete"
                />
              </div>
            </>
          )}
        </AdminCards>
      )}
    </AdminListPanel>
  );
}
