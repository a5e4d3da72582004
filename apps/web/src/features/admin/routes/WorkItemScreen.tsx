import {
  debtOwedToday,
  formatBrDate,
  formatMoney,
  isWorkQueueKey,
  maskPhone,
  proposalSchema,
  WORK_ITEM_ACTION_LABELS,
  WORK_ITEM_STATUS_LABELS,
  WORK_QUEUES,
  type WorkAnswerInput,
  type WorkItemDebt,
  type WorkItemDetail,
  type WorkQueueKey,
  workAnswerSchemaFor,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Form } from '../../../components/form/Form';
import { CheckboxInput, MoneyInput, TextAreaInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { useStaffMembers } from '../api/staff';
import {
  answerWorkItem,
  assignWorkItem,
  startWorkItem,
  useWorkItem,
  workQueuesKey,
} from '../api/work-queues';
import {
  AdminLayout,
  AdminTitle,
  useAdminFailure,
  useStaffUser,
  useStaffWrites,
} from '../components/AdminLayout';
import { useAdminSubmit } from '../components/useAdminSubmit';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import { dropAnswerDraft, readAnswerDraft, saveAnswerDraft } from '../lib/answer-drafts';
import {
  counterOfferText,
  counterOfferTotalText,
  debtTodayText,
  personDocument,
  requestSummary,
} from '../lib/work-item-text';
import '../work-queues.css';

/**
 * /admin/filas/{fila}/{id} (issue 18 item 4): one item — who asked what about which debt — its history, and what
 * staff do with it: take it or give it to a colleague, start it, and answer it. The answer is e-mailed to the
 * person; a proposal may be answered with a counter-offer the person then sees on their debts. Auditors only read.
 */
export default function WorkItemScreen() {
  const { fila = '', id = '' } = useParams<{ fila: string; id: string }>();
  if (!isWorkQueueKey(fila) || !/^\d{1,9}$/.test(id)) return <Navigate to="/admin/filas/propostas" replace />;
  return (
    <AdminLayout>
      <section className="admin-panel" aria-labelledby="work-item-title">
        <AdminTitle id="work-item-title">
          {WORK_QUEUES[fila].label}: item {id}
        </AdminTitle>
        <p>
          <Link to={`/admin/filas/${fila}`}>Voltar para a fila</Link>
        </p>
        <Item queue={fila} id={Number(id)} />
      </section>
    </AdminLayout>
  );
}

function Item({ queue, id }: { queue: WorkQueueKey; id: number }) {
  const item = useWorkItem(queue, id);
  return (
    <QueryView query={item} look="admin" failedText="Não foi possível carregar o item.">
      {(data) => <ItemView queue={queue} item={data} />}
    </QueryView>
  );
}

/**
 * A write on the item: the item and the lists read again, then the server's message in a snackbar. A refused write
 * (someone answered or took the item meanwhile) reads them again too, so the screen shows what is true now.
 */
function useItemWrite() {
  const queryClient = useQueryClient();
  const { showSnackbar } = useFeedback();
  const onFailure = useAdminFailure();
  return useMutation({
    mutationFn: (write: () => Promise<{ message: string }>) => write(),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: workQueuesKey });
      showSnackbar(message, 'success');
    },
    onError: async (error) => {
      await queryClient.invalidateQueries({ queryKey: workQueuesKey });
      await onFailure(error);
    },
  });
}

function ItemView({ queue, item }: { queue: WorkQueueKey; item: WorkItemDetail }) {
  const me = useStaffUser();
  const write = useItemWrite();
  const writes = useStaffWrites() && item.status !== 'answered';
  const facts: [string, string][] = [
    ['Status', WORK_ITEM_STATUS_LABELS[item.status]],
    ['Responsável', item.responsavel?.usuario ?? 'Ninguém'],
    ['Parceiro', item.parceiro.nome],
    ['Recebido em', brasiliaDateTimeFormat.format(new Date(item.recebido_em))],
    ...(item.prazo ? ([['Prazo legal', formatBrDate(item.prazo)]] as [string, string][]) : []),
    ['Pessoa', `${item.pessoa.nome} (${personDocument(item)})`],
    ['E-mail', item.pessoa.email ?? 'Sem e-mail cadastrado'],
    // The request's own phone (a call request), else the one on file: staff may answer by calling.
    ['Telefone', item.pessoa.telefone ? maskPhone(item.pessoa.telefone) : 'Sem telefone cadastrado'],
    ...(item.divida
      ? ([
          ['Loja', item.divida.loja.nome],
          ['Contratos', item.divida.contratos.join(', ') || '—'],
        ] as [string, string][])
      : []),
    ...(item.divida_hoje ? ([['Dívida hoje', debtTodayText(item.divida_hoje)]] as [string, string][]) : []),
    ...(item.pedido.protocolo ? ([['Protocolo', item.pedido.protocolo]] as [string, string][]) : []),
    ['Pedido', requestSummary(item)],
  ];
  return (
    <>
      <dl className="work-item__facts" data-testid="work-item-facts">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {writes && (
        <div className="work-item__actions">
          {item.responsavel?.id !== me.id && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={write.isPending}
              onClick={() =>
                write.mutate(() => assignWorkItem(queue, item.id, me.id, item.responsavel?.id ?? null))
              }
            >
              Assumir
            </button>
          )}
          {item.status === 'open' && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={write.isPending}
              onClick={() => write.mutate(() => startWorkItem(queue, item.id))}
            >
              Iniciar atendimento
            </button>
          )}
          {me.papel === 'administrator' && (
            <AssignTo
              partnerId={item.parceiro.id}
              busy={write.isPending}
              onAssign={(usuario) =>
                write.mutate(() => assignWorkItem(queue, item.id, usuario, item.responsavel?.id ?? null))
              }
            />
          )}
        </div>
      )}
      {item.resposta && (
        <section aria-labelledby="work-answer-title">
          <h2 id="work-answer-title">Resposta enviada</h2>
          <p data-testid="work-answer" style={{ whiteSpace: 'pre-wrap' }}>
            {item.resposta.texto}
          </p>
          {item.resposta.contraproposta && (
            <p>Contraproposta: {counterOfferText(item.resposta.contraproposta)}</p>
          )}
          <p className="privacy-queue__days">
            Por {item.resposta.por ?? '—'} em {brasiliaDateTimeFormat.format(new Date(item.resposta.em))}
          </p>
        </section>
      )}
      {/* Keyed by the item: its draft is read once, as the form mounts. */}
      {writes && (
        <AnswerForm key={`${queue}:${item.id}`} queue={queue} id={item.id} debt={item.divida_hoje} />
      )}
      <h2>Histórico</h2>
      {item.historico.length === 0 ? (
        <p>Nenhuma mudança ainda.</p>
      ) : (
        <ol className="work-item__history" data-testid="work-item-history">
          {item.historico.map((event) => (
            <li key={`${event.acao}-${event.em}`}>
              {brasiliaDateTimeFormat.format(new Date(event.em))}: {WORK_ITEM_ACTION_LABELS[event.acao]} por{' '}
              {event.usuario}
              {event.responsavel ? ` (responsável: ${event.responsavel})` : ''}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** An administrator gives the item to an active administrator or an operator of the item's partner. */
function AssignTo({
  partnerId,
  busy,
  onAssign,
}: {
  partnerId: number;
  busy: boolean;
  onAssign: (usuario: number) => void;
}) {
  const members = useStaffMembers();
  const [chosen, setChosen] = useState('');
  const options = (members.data ?? [])
    .filter(
      (m) =>
        m.ativo &&
        (m.papel === 'administrator' ||
          (m.papel === 'operator' && m.parceiros.some((p) => p.id === partnerId))),
    )
    .map((m) => ({ value: String(m.id), label: m.usuario }));
  return (
    <div className="work-item__actions">
      <SelectField
        label="Atribuir a"
        name="responsavel"
        placeholder="Escolha um usuário"
        options={options}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      />
      <button
        type="button"
        className="btn btn--ghost"
        disabled={busy || chosen === ''}
        onClick={() => onAssign(Number(chosen))}
      >
        Atribuir
      </button>
    </div>
  );
}

const EMPTY_ANSWER: WorkAnswerInput = {
  texto: '',
  contraproposta: false,
  entrada: '',
  quantidade_parcelas: '',
  valor_parcela: '',
};

/**
 * The answer the person receives by e-mail, with the domain's schema the server applies too, a counter-offer checked
 * against the debt today (decision 044). What is typed is kept as this user's draft of the item (lib/answer-drafts.ts)
 * until it is sent, so an expired token loses nothing.
 */
function AnswerForm({ queue, id, debt }: { queue: WorkQueueKey; id: number; debt: WorkItemDebt | null }) {
  const queryClient = useQueryClient();
  const { showSnackbar } = useFeedback();
  const { id: userId } = useStaffUser();
  const [draft] = useState(() => ({
    owner: { userId, queue, id },
    values: readAnswerDraft({ userId, queue, id }),
  }));
  const owed = debt && debtOwedToday(debt);
  // The query keeps the debt's object while its values stay the same, so the schema is built once.
  const schema = useMemo(() => workAnswerSchemaFor(debt), [debt]);
  const form = useZodForm(schema, { ...EMPTY_ANSWER, ...draft.values });
  useEffect(() => {
    const watching = form.watch((values) => saveAnswerDraft(draft.owner, values));
    return () => watching.unsubscribe();
  }, [form, draft]);
  const submit = useAdminSubmit(
    form,
    async () => {
      // The fields go as typed: the server reads them with the same schema. Answered or not, the item is read
      // again (a colleague's answer first shows here in place of this form).
      const answered = await answerWorkItem(queue, id, form.getValues()).finally(() =>
        queryClient.invalidateQueries({ queryKey: workQueuesKey }),
      );
      dropAnswerDraft(draft.owner);
      showSnackbar(answered.message, 'success');
    },
    { keptAsDraft: true },
  );
  const offer = form.watch('contraproposta') === true;
  // The counter-offer as typed so far, when it reads as one: its total, beside the debt.
  const typed = proposalSchema.safeParse({
    entrada: form.watch('entrada') ?? '',
    quantidade_parcelas: form.watch('quantidade_parcelas') ?? '',
    valor_parcela: form.watch('valor_parcela') ?? '',
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="admin-form admin-form--wide"
      aria-labelledby="answer-title"
    >
      <h2 id="answer-title">Responder</h2>
      <TextAreaInput label="Resposta (enviada por e-mail à pessoa)" name="texto" rows={6} />
      {queue === 'propostas' && <CheckboxInput label="Enviar uma contraproposta" name="contraproposta" />}
      {offer && (
        <fieldset className="admin-fieldset">
          <legend className="admin-fieldset__legend">Contraproposta</legend>
          <MoneyInput
            label="Entrada"
            name="entrada"
            hint={owed ? `Até ${formatMoney(owed)}, o valor atualizado da dívida hoje.` : undefined}
          />
          <TextInput
            label="Quantidade de parcelas"
            name="quantidade_parcelas"
            inputMode="numeric"
            maxLength={3}
          />
          <MoneyInput label="Valor da parcela" name="valor_parcela" />
          <p className="work-item__debt" aria-live="polite" data-testid="work-answer-total">
            {typed.success ? counterOfferTotalText(typed.data, owed) : ''}
          </p>
        </fieldset>
      )}
      <div className="admin-form__actions">
        <SubmitButton
          busy={form.formState.isSubmitting}
          busyText="Enviando…"
          className="btn btn--primary"
          testId="work-answer-submit"
        >
          Enviar resposta
        </SubmitButton>
      </div>
    </Form>
  );
}
