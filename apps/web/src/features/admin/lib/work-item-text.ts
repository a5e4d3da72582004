import { type CounterOffer, formatMoney, maskCpfCnpj, maskPhone, type WorkItem } from '@portal/domain';

// How the work queue screens write an item's parts (decision 030).

export const counterOfferText = (offer: CounterOffer) =>
  `Entrada de ${formatMoney(offer.entrada)} e ${offer.quantidade_parcelas} parcela(s) de ${formatMoney(offer.valor_parcela)}`;

/** What was asked, in one line: the reason, the proposal, the message, the LGPD request's type or where to call. */
export function requestSummary(item: WorkItem): string {
  const { pedido } = item;
  if (pedido.proposta) return counterOfferText(pedido.proposta);
  if (pedido.motivo) return pedido.motivo;
  if (pedido.tipo && pedido.texto) return `${pedido.tipo}: ${pedido.texto}`;
  // A call or WhatsApp request says only where to reach the person.
  if (pedido.tipo)
    return item.pessoa.telefone ? `${pedido.tipo} para ${maskPhone(item.pessoa.telefone)}` : pedido.tipo;
  return pedido.texto ?? 'Não reconhece a dívida';
}

export const personDocument = (item: WorkItem) =>
  item.pessoa.cpf_cnpj ? maskCpfCnpj(item.pessoa.cpf_cnpj) : 'Sem CPF/CNPJ';
