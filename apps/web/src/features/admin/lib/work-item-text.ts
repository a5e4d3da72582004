import {
  type CounterOffer,
  counterOfferTotal,
  debtOwedToday,
  formatMoney,
  maskCpfCnpj,
  maskPhone,
  type Proposal,
  type WorkItem,
  type WorkItemDebt,
} from '@portal/domain';

// How the work queue screens write an item's parts (decision 030).

export const counterOfferText = (offer: CounterOffer) =>
  `Entrada de ${formatMoney(offer.entrada)} e ${offer.quantidade_parcelas} parcela(s) de ${formatMoney(offer.valor_parcela)}`;

/** What the person owes at the store today (decision 044), the future entries in it said apart. */
export function debtTodayText(debt: WorkItemDebt): string {
  const owed = `${formatMoney(debtOwedToday(debt))}, valor atualizado com multa e juros`;
  return debt.lancamentos_futuros > 0
    ? `${owed} (inclui ${formatMoney(debt.lancamentos_futuros)} de lançamentos futuros)`
    : owed;
}

/** A counter-offer's total and, when the debt is known, how far it is from it (instalments may carry interest). */
export function counterOfferTotalText(offer: Proposal, owed: number | null): string {
  const total = counterOfferTotal(offer);
  const text = `Total da contraproposta: ${formatMoney(total)}`;
  if (owed === null) return text;
  if (total === owed) return `${text}, igual à dívida hoje`;
  return total > owed
    ? `${text}, ${formatMoney(total - owed)} acima da dívida hoje`
    : `${text}, ${formatMoney(owed - total)} abaixo da dívida hoje`;
}

/** What was asked, in one line: the reason, the proposal, the message, the LGPD request's type or where to call. */
export function requestSummary(item: WorkItem): string {
  const { pedido } = item;
  if (pedido.proposta) return counterOfferText(pedido.proposta);
  if (pedido.motivo) return pedido.motivo;
  if (pedido.tipo && pedido.texto) return `${pedido.tipo}: ${pedido.texto}`;
  // A call or WhatsApp request says only where to reach the person.
  if (pedido.tipo) return pedido.telefone ? `${pedido.tipo} para ${maskPhone(pedido.telefone)}` : pedido.tipo;
  return pedido.texto ?? 'Não reconhece a dívida';
}

export const personDocument = (item: WorkItem) =>
  item.pessoa.cpf_cnpj ? maskCpfCnpj(item.pessoa.cpf_cnpj) : 'Sem CPF/CNPJ';
