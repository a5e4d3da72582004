import {
  AGREEMENT_PAYMENT_METHOD_LABELS,
  AGREEMENT_STATUS_LABELS,
  type AgreementAdminDetail,
  agreementCancelSchema,
  CARD_REVERSAL_LABELS,
  formatBrDate,
  formatBrTimestamp,
  formatMoney,
  instalmentName,
  instalmentStatusLabel,
  PAYMENT_EVENT_LABELS,
  unappliedMoneyReasonLabel,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextAreaInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { focusPageStart } from '../../../components/ui/focus-return';
import { QueryView } from '../../../components/ui/QueryView';
import { downloadAgreementDocument, useAgreement, useCancelAgreement } from '../api/agreements';
import { AdminLayout, AdminTitle, useAdminFailure, useStaffWrites } from '../components/AdminLayout';
import { EventCause } from '../components/EventCause';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import { useAdminSubmit } from '../components/useAdminSubmit';
import '../reports.css';
import '../agreements.css';

// Spec 001 §4 instalment statuses, as staff read them.
const INSTALMENT_STATUS_LABELS = { A: 'Em aberto', AA: 'Vencida', P: 'Paga', B: 'Paga com cartão' } as const;

/**
 * An agreement's page (/admin/acordos/{id}; issue 18 item 3): its terms, instalments, documents (term, discharge
 * letter, open boletos), payment events, second copies, card payment and status history; administrators and
 * operators cancel an active one with a reason. Another partner's agreement is not found, as on the server.
 */
export default function AgreementPage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id ?? '')) return <Navigate to="/admin/acordos" replace />;
  return (
    <AdminLayout>
      <Agreement id={Number(id)} />
    </AdminLayout>
  );
}

function Agreement({ id }: { id: number }) {
  const agreement = useAgreement(id);
  return (
    <section
      className="admin-panel agreement-page"
      aria-labelledby="agreement-title"
      aria-busy={agreement.isPending}
    >
      <div className="admin-panel__head">
        <AdminTitle id="agreement-title">Acordo {id}</AdminTitle>
        <Link to="/admin/acordos" className="btn btn--ghost">
          Voltar aos acordos
        </Link>
      </div>
      <QueryView query={agreement} look="admin" failedText="Não foi possível carregar o acordo.">
        {(data) => <AgreementDetails data={data} />}
      </QueryView>
    </section>
  );
}

function Table({
  id,
  caption,
  head,
  children,
}: {
  id: string;
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <ReportsTableScroll captionId={id}>
      <table className="reports-table" data-testid={id}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ReportsTableScroll>
  );
}

function DocumentButton({ path, fileName, label }: { path: string; fileName: string; label: string }) {
  const onFailure = useAdminFailure();
  return (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() => downloadAgreementDocument(path, fileName).catch(onFailure)}
    >
      {label}
    </button>
  );
}

function AgreementDetails({ data }: { data: AgreementAdminDetail }) {
  const writes = useStaffWrites();
  return (
    <>
      <dl className="agreement-facts" data-testid="agreement-summary">
        <dt>Status</dt>
        <dd data-testid="agreement-status">{AGREEMENT_STATUS_LABELS[data.status]}</dd>
        <dt>Data do acordo</dt>
        <dd>{formatBrTimestamp(data.data_acordo)}</dd>
        <dt>Parceiro</dt>
        <dd>{data.parceiro.nome}</dd>
        <dt>Loja</dt>
        <dd>{data.loja.nome}</dd>
        <dt>Devedor</dt>
        <dd>
          {data.devedor.nome} ({data.devedor.cpf_cnpj})
        </dd>
        <dt>Contratos</dt>
        <dd>{data.contratos.join(', ') || '—'}</dd>
        <dt>Forma de pagamento</dt>
        <dd>{AGREEMENT_PAYMENT_METHOD_LABELS[data.forma_pagamento]}</dd>
        <dt>Valor negociado</dt>
        <dd>{formatMoney(data.valor_negociado)}</dd>
        <dt>Pago</dt>
        <dd>{formatMoney(data.valor_pago)}</dd>
      </dl>

      <h2 className="agreement-section">Documentos</h2>
      <div className="admin-form__actions">
        <DocumentButton
          path={data.documentos.termo}
          fileName={`termo_confissao_${data.aco_codigo}.pdf`}
          label="Termo de confissão de dívida"
        />
        {data.documentos.quitacao && (
          <DocumentButton
            path={data.documentos.quitacao}
            fileName={`carta_quitacao_${data.aco_codigo}.pdf`}
            label="Carta de quitação"
          />
        )}
        {data.documentos.boletos_em_aberto && (
          <DocumentButton
            path={data.documentos.boletos_em_aberto}
            fileName={`boletos_acordo_${data.aco_codigo}.pdf`}
            label="Boletos em aberto"
          />
        )}
      </div>

      <Table
        id="agreement-instalments"
        caption="Parcelas"
        head={['Parcela', 'Vencimento', 'Valor', 'Situação', 'Boleto']}
      >
        {data.parcelas.map((p) => (
          <tr key={p.aci_codigo}>
            <td>{p.parcela}</td>
            <td>{formatBrDate(p.vencimento)}</td>
            <td>{formatMoney(p.valor)}</td>
            <td>{instalmentStatusLabel(data.status, p.status, INSTALMENT_STATUS_LABELS)}</td>
            <td>
              {p.boleto ? (
                <DocumentButton
                  path={p.boleto}
                  fileName={`boleto_${p.aci_codigo}.pdf`}
                  label={`Boleto da ${instalmentName(p.parcela)}`}
                />
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </Table>

      <Table
        id="agreement-events"
        caption="Eventos de pagamento"
        head={['Data', 'Parcela', 'Evento', 'Valor', 'Origem', 'Motivo']}
      >
        {data.eventos.length === 0 ? (
          <tr>
            <td colSpan={6}>Nenhum evento de pagamento.</td>
          </tr>
        ) : (
          data.eventos.map((e) => (
            <tr key={e.id}>
              <td>{formatBrDate(e.data)}</td>
              <td>{e.parcela}</td>
              <td>{PAYMENT_EVENT_LABELS[e.tipo]}</td>
              <td>{e.valor === null ? '—' : formatMoney(e.valor)}</td>
              <td>
                <EventCause cause={e.causa} />
              </td>
              {/* Why money paid nothing (decisions 064, 066), as the Não aplicados list says it; other events need none. */}
              <td>{e.tipo === 'unapplied' ? unappliedMoneyReasonLabel(e.motivo) : '—'}</td>
            </tr>
          ))
        )}
      </Table>

      {data.segundas_vias.length > 0 && (
        <Table
          id="agreement-second-copies"
          caption="Pagamentos de 2ª via dos contratos"
          head={['Data', 'Contrato', 'Vencimento', 'Valor', 'Origem', 'Não aplicado', 'Motivo']}
        >
          {data.segundas_vias.map((p) => (
            <tr key={p.id}>
              <td>{formatBrDate(p.data)}</td>
              <td>{p.contrato}</td>
              <td>{formatBrDate(p.vencimento)}</td>
              <td>{formatMoney(p.valor)}</td>
              <td>
                <EventCause cause={p.causa} />
              </td>
              {/* The payment's part that paid nothing and why (decisions 049, 061), as the Não aplicados list has it. */}
              <td>{p.nao_aplicado > 0 ? formatMoney(p.nao_aplicado) : '—'}</td>
              <td>{p.nao_aplicado > 0 ? unappliedMoneyReasonLabel(p.motivo) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}

      {data.cartao && (
        <p data-testid="agreement-card">
          Cartão {data.cartao.bandeira} final {data.cartao.final}: {formatMoney(data.cartao.valor)} em{' '}
          {data.cartao.parcelas}x, {data.cartao.estado ?? 'aguardando a operadora'} (
          {formatBrTimestamp(data.cartao.em)}).
          {data.cartao.estornos.map((r) => (
            <strong key={`${r.em}-${r.valor}`}>
              {' '}
              {CARD_REVERSAL_LABELS[r.tipo]}: {formatMoney(r.valor)} em {formatBrTimestamp(r.em)}.
            </strong>
          ))}
        </p>
      )}

      <Table
        id="agreement-history"
        caption="Histórico de status"
        head={['Data e hora', 'De', 'Para', 'Causa', 'Motivo']}
      >
        {data.historico.length === 0 ? (
          <tr>
            <td colSpan={5}>Nenhuma mudança de status.</td>
          </tr>
        ) : (
          data.historico.map((h) => (
            <tr key={`${h.em}-${h.para}`}>
              <td>{formatBrTimestamp(h.em)}</td>
              <td>{AGREEMENT_STATUS_LABELS[h.de]}</td>
              <td>{AGREEMENT_STATUS_LABELS[h.para]}</td>
              <td>
                <EventCause cause={h.causa} />
              </td>
              <td>{h.motivo ?? '—'}</td>
            </tr>
          ))
        )}
      </Table>

      {writes && data.status === 'active' && <CancelForm id={data.aco_codigo} />}
    </>
  );
}

function CancelForm({ id }: { id: number }) {
  const { confirm, showSnackbar } = useFeedback();
  const form = useZodForm(agreementCancelSchema, { motivo: '' });
  const cancel = useCancelAgreement(id);
  const submit = useAdminSubmit(form, async (input) => {
    const sure = await confirm({
      title: 'Cancelar acordo',
      text: `Você tem certeza que deseja cancelar o acordo ${id}? As cobranças em aberto serão canceladas e os contratos voltam à lista de dívidas.`,
      buttonText: 'Sim, cancelar',
      cancelText: 'Não',
    });
    if (!sure) return false;
    const answer = await cancel.mutateAsync(input);
    showSnackbar(answer.message, 'success');
    // The agreement read again is no longer active: this form, and the focus on its button, go.
    focusPageStart();
  });
  return (
    <Form form={form} onSubmit={submit} className="admin-form" aria-labelledby="agreement-cancel-title">
      <h2 id="agreement-cancel-title" className="agreement-section">
        Cancelar acordo
      </h2>
      <TextAreaInput label="Motivo do cancelamento" name="motivo" rows={3} maxLength={500} />
      <div className="admin-form__actions">
        {/* Busy while the request runs, not while the confirmation is still asking. */}
        <SubmitButton
          busy={cancel.isPending}
          busyText="Cancelando…"
          className="btn btn--primary"
          testId="agreement-cancel"
        >
          Cancelar acordo
        </SubmitButton>
      </div>
    </Form>
  );
}
