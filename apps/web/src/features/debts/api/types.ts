// The debtor-area wire types live with the domain (contract/debts.ts) so the server answers exactly what the
// screens read.
export type {
  BandeiraCartao,
  Contrato,
  Divida,
  DividasResposta,
  FormaCartao,
  Loja,
  MetodoPagamento,
  PagamentoAvistaPrazo,
  Parcela,
  PlanosPedido,
  PlanosResposta,
  PreAcordo,
  SegundaVia,
} from '@portal/domain';
export { CARD_BRANDS } from '@portal/domain';
