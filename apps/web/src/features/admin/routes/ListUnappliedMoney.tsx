import {
  defaultReportPeriod,
  formatBrDate,
  formatBrTimestamp,
  formatMoney,
  REPORT_PERIOD_MAX_DAYS,
  UNAPPLIED_MONEY_MESSAGES,
  UNAPPLIED_REASON_MAX,
  UNAPPLIED_RESOLUTION_LABELS,
  UNAPPLIED_RESOLUTIONS,
  UNAPPLIED_SITUATION_LABELS,
  UNAPPLIED_SITUATIONS,
  type UnappliedMoneyItem,
  unappliedMoneyReasonLabel,
  unappliedResolutionSchema,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Form } from '../../../components/form/Form';
import { RadioGroupInput, TextAreaInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Dialog } from '../../../components/ui/Dialog';
import { useFeedback } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/SelectField';
import { type UnappliedMoneyFilters, useResolveUnappliedMoney, useUnappliedMoney } from '../api/agreements';
import { AdminLayout, useStaffWrites } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import { ADMIN_CHOICES } from '../components/admin-choices';
import { EventCause } from '../components/EventCause';
import {
  ListSearchForm,
  PartnerStoreFields,
  PeriodFields,
  usePagedListFilters,
} from '../components/ListFilters';
import { useAdminSubmit } from '../components/useAdminSubmit';
import '../reports.css';
import '../agreements.css';

const COLUMNS = ['Data', 'Valor', 'Origem', 'Motivo', 'Acordo', 'Parcela', 'Loja', 'Parceiro', 'Resolução'];
const SITUATION_OPTIONS = UNAPPLIED_SITUATIONS.map((value) => ({
  value,
  label: UNAPPLIED_SITUATION_LABELS[value],
}));
const RESOLUTION_OPTIONS = UNAPPLIED_RESOLUTIONS.map((value) => ({
  value,
  label: UNAPPLIED_RESOLUTION_LABELS[value],
}));

/**
 * 'Não aplicados' (/admin/nao-aplicados; decision 063): each amount that arrived but paid no instalment (decision 049),
 * newest first, with where it came from, why it paid nothing (decision 064) and its agreement, filtered by partner, store, the Brasília days it arrived
 * (the last year at first) and situation (pending at first); administrators and operators record, once, whether it
 * was given back to the payer or applied by hand, with a reason.
 */
export default function ListUnappliedMoney() {
  return (
    <AdminLayout>
      <UnappliedMoney />
    </AdminLayout>
  );
}

function initialFilters(): UnappliedMoneyFilters {
  const { from, to } = defaultReportPeriod(new Date(), REPORT_PERIOD_MAX_DAYS);
  return { parceiro: '', loja: '', situacao: 'pending', data_inicial: from, data_final: to };
}

function UnappliedMoney() {
  const { draft, filters, field, search, page, setPage } = usePagedListFilters(initialFilters);
  const rows = useUnappliedMoney(filters, page);
  const writes = useStaffWrites();
  const [resolving, setResolving] = useState<UnappliedMoneyItem | null>(null);

  return (
    <AdminListPanel
      titleId="unapplied-title"
      title="Valores não aplicados"
      controls={
        <ListSearchForm label="Filtros dos valores não aplicados" onSubmit={search}>
          <PartnerStoreFields draft={draft} field={field} stores={rows.data?.lojas} />
          <SelectField
            label="Situação"
            placeholder="Todas"
            options={SITUATION_OPTIONS}
            {...field('situacao')}
          />
          <PeriodFields field={field} />
        </ListSearchForm>
      }
      query={rows}
      failedText="Não foi possível carregar os valores não aplicados."
      empty={UNAPPLIED_MONEY_MESSAGES.empty}
      emptyTestId="unapplied-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de valores não aplicados' }}
    >
      {(items, { meta }) => (
        <>
          <AdminTable
            testId="unapplied-table"
            caption={`Valores recebidos que não pagaram parcela: ${meta.total}`}
            columns={COLUMNS}
          >
            {items.map((item) => (
              <tr key={`${item.origem}-${item.id}`}>
                <td>{formatBrDate(item.data)}</td>
                <td>{formatMoney(item.valor)}</td>
                <td>
                  <EventCause cause={item.causa} />
                </td>
                <td>{unappliedMoneyReasonLabel(item.motivo)}</td>
                <td>
                  {item.aco_codigo === null ? (
                    // A second copy's money (decision 061): no agreement, and the back office has no copy page.
                    '2ª via'
                  ) : (
                    <Link
                      to={`/admin/acordos/${item.aco_codigo}`}
                      aria-label={`Abrir o acordo ${item.aco_codigo}`}
                    >
                      {item.aco_codigo}
                    </Link>
                  )}
                </td>
                <td>{item.parcela}</td>
                <td>{item.loja.nome}</td>
                <td>{item.parceiro.nome}</td>
                <td>
                  <Resolution item={item} onResolve={writes ? () => setResolving(item) : undefined} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {resolving && <ResolveDialog item={resolving} onClose={() => setResolving(null)} />}
        </>
      )}
    </AdminListPanel>
  );
}

/** The amount's resolution, or 'Pendente' and, to whoever may write, the button that records one. */
function Resolution({ item, onResolve }: { item: UnappliedMoneyItem; onResolve: (() => void) | undefined }) {
  const { resolucao } = item;
  if (resolucao)
    return (
      <span className="unapplied-resolution">
        <strong>{UNAPPLIED_RESOLUTION_LABELS[resolucao.tipo]}</strong>
        <span>{resolucao.motivo}</span>
        <span className="unapplied-resolution__by">
          por {resolucao.usuario} em {formatBrTimestamp(resolucao.em)}
        </span>
      </span>
    );
  return (
    <span className="unapplied-resolution">
      <span>Pendente</span>
      {onResolve && (
        <button type="button" className="btn btn--ghost" onClick={onResolve}>
          Registrar resolução
        </button>
      )}
    </span>
  );
}

function ResolveDialog({ item, onClose }: { item: UnappliedMoneyItem; onClose: () => void }) {
  const { showSnackbar } = useFeedback();
  const form = useZodForm(unappliedResolutionSchema, { motivo: '' });
  const resolve = useResolveUnappliedMoney(item);
  const submit = useAdminSubmit(form, async (input) => {
    const answer = await resolve.mutateAsync(input);
    showSnackbar(answer.message, 'success');
    onClose();
  });
  return (
    <Dialog
      title="Registrar resolução"
      description={`Valor de ${formatMoney(item.valor)} recebido em ${formatBrDate(item.data)}, ${item.aco_codigo === null ? `2ª via, ${item.parcela}` : `acordo ${item.aco_codigo}`}.`}
      onClose={onClose}
      testId="unapplied-resolve-dialog"
    >
      <Form form={form} onSubmit={submit} className="admin-form">
        <RadioGroupInput
          name="resolucao"
          legend="O que foi feito com o valor"
          options={RESOLUTION_OPTIONS}
          classes={ADMIN_CHOICES}
        />
        <TextAreaInput label="Motivo" name="motivo" rows={3} maxLength={UNAPPLIED_REASON_MAX} />
        <div className="admin-form__actions">
          <SubmitButton
            busy={resolve.isPending}
            busyText="Registrando…"
            className="btn btn--primary"
            testId="unapplied-resolve"
          >
            Registrar
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
