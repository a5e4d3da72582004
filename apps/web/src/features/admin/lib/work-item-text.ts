import { type CounterOffer, formatMoney, maskCpfCnpj, type WorkItem } from '@portal/domain';

// How the work queue screens write an item's parts (decision 030).

export const counterOfferText = (offer: CounterOffer) =>
  `Entrada de ${formatMoney(offer.entrada)} e ${offer.quantidade_parcelas} parcela(s) de ${formatMoney(offer.valor_parcela)}`;

/** What was asked, in one line: the reason, the proposal, the message or the LGPD request's type. */
export function requestSummary(item: WorkItem): string {
  const { pedido } = item;
  if (pedido.proposta) return counterOfferText(pedido.proposta);
  if (pedido.motivo) return pedido.motivo;
  if (pedido.tipo) return `${pedido.tipo}: ${pedido.texto ?? ''}`;
  return pedido.texto ?? 'Não reconhece a dívida';
}

export const personDocument = (item: WorkItem) =>
  item.pessoa.cpf_cnpj ? maskCpfCnpj(item.pessoa.cpf_cnpj) : 'Sem CPF/CNPJ';
