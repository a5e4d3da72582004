// The debtor-area wire types of issue 4 live with the domain (contract/debts.ts) so the server answers exactly
// what the screens read; the Meus Acordos ones below are docs/api.md "Meus Acordos" written out.
import type { InstalmentStatus, MetodoPagamento } from '@portal/domain';

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

// ---- Meus Acordos (docs/api.md "Meus Acordos", spec 001 §3 "Agreement", "Agreement instalment") --------------

/** Instalment status: A open, P paid, B settled (card receipt), AA overdue (open, due before today in Brasília). */
export type StatusParcelaAcordo = InstalmentStatus;

/** The `pdf` of an instalment whose boleto or PIX is not issued yet (spec 001 §4 boleto generation rule). */
export const PENDING_DOCUMENT = { boleto: 'boleto_vai_ser_gerado', pix: 'pix_vai_ser_gerado' } as const;

export interface ParcelaAcordo {
  /** The agreement instalment; null on a Meus Boletos card, whose rows are second copies. */
  aci_codigo: number | null;
  /** Meus Boletos: the second copy's code (what its PDF and its sending take). */
  codigo?: number;
  /** 'Entrada', 'Parcela única' or '1/n' .. 'n/n' (Meus Boletos: the contract and instalment). */
  campo_parcela: string;
  status: StatusParcelaAcordo;
  vencimento: string;
  valor: number;
  encargos: number;
  valor_atualizado: number;
  /** The boleto path (boleto agreement), the PIX code (PIX agreement), a PENDING_DOCUMENT marker, or null when paid. */
  pdf: string | null;
  /** Null while not issued or once paid. */
  linha_digitavel: string | null;
  pix_copia_cola: string | null;
  emp_codigo: number | null;
  /** The card receipt of a B instalment paid by card, else null. */
  comprovante_cartao: ComprovanteCartao | null;
}

/** Spec 001 §3 "Card receipt" (docs/api.md "Meus Acordos"). */
export interface ComprovanteCartao {
  empresa: string;
  /** The payer's CPF/CNPJ, masked in the middle (spec 001 §9). */
  cpf_cnpj: string;
  bandeira: string;
  numero_cartao: string;
  vencimento_cartao: string | null;
  data_de_pagamento: string;
  horario_de_pagamento: string;
  codigo_de_autorizacao: string;
  estado_da_transacao: string;
  valor: number;
  parcelas: number;
  /** The receipt PDF's path. */
  pdf: string;
}

export interface DadosAcordo {
  /** Null on a Meus Boletos card. */
  aco_codigo: number | null;
  /** An agreement, or a boleto-only store's open boletos (Meus Boletos, spec 001 §1). */
  tipo: 'acordo' | 'boletos';
  /** A settled or cancelled agreement is listed as a record: its instalments offer no document. */
  status: 'active' | 'settled' | 'cancelled';
  /** Null on a Meus Boletos card. */
  data_acordo: string | null;
  forma_pagamento: MetodoPagamento;
  valor_negociado: number;
  valor_restante: number;
  con_nome_loja: string;
  /** Path of the term PDF, or null. */
  aco_termo_anexo: string | null;
  /** Path of a settled agreement's discharge letter (carta de quitação) PDF, or null. */
  aco_carta_quitacao: string | null;
  parcelas: ParcelaAcordo[];
}

export interface LojaAcordo {
  loj_codigo: number;
  loj_fantasia: string;
  loj_razao_social: string;
  loj_cpf_cnpj: string;
  loj_caminho_logo: string | null;
}

/** An original instalment the agreement settles. */
export interface ParcelaOriginal {
  par_prestacao: number;
  par_vencimento: string;
  par_valor: number;
}

export interface DetalheAcordo {
  con_contrato: string;
  observacao_contrato: string | null;
  parcelas: ParcelaOriginal[];
}

export interface Acordo {
  dadosAcordo: DadosAcordo;
  loja: LojaAcordo;
  detalhes: DetalheAcordo[];
}

/** Spec 001 §2 pagination moves: first, previous, next, last. */
export type MovimentoPagina = 'PRI' | 'ANT' | 'PRO' | 'ULT';

export interface Paginacao {
  quantidade_de_paginas: number;
  /** 1-based. */
  pagina_atual: number;
}

/** passo_5 body; the pagination fields only with myAgreements.flgPaginar. */
export interface AcordosPedido {
  lojCodigo?: number;
  paginaAtual?: number;
  pagina?: MovimentoPagina;
  itensPorPagina?: number;
}

export interface AcordosResposta {
  /** Newest first. */
  acordos: Acordo[];
  /** The e-mail on file, masked, or null. */
  pessoa: { email_cadastrado: string | null };
  paginacao: Paginacao | null;
}

/** passo_4_novo answer: the agreement and its instalments (estado_da_transacao is the card's, null otherwise). */
export interface AcordoSalvo {
  aco_codigo: number;
  parcelas: {
    aci_codigo: number;
    campo_parcela: string;
    vencimento: string;
    valor: number;
    estado_da_transacao: string | null;
  }[];
}

/** enviar_boletos_sms body: ticked instalments and an 11-digit mobile. */
export interface EnvioBoletosSms {
  /** Comma list of aci_codigo. */
  aci_codigo: string;
  fone: string;
}

/** mail/envioPortal body: the ticked boletos, or the confession term of one agreement. */
export type EnvioEmailPortal = { aci_codigo: string } | { termo: 'S'; aco_codigo: number };
