// Wire shapes of the debtor-area calls (docs/api.md "Debtor area"), shared by server and web so they cannot drift.
// Money is integer centavos; dates YYYY-MM-DD.

/** A store (loja) as a debt card shows it. */
export interface Loja {
  loj_codigo: number;
  loj_fantasia: string;
  loj_razao_social: string;
  /** Formatted CNPJ (##.###.###/####-##). */
  loj_cpf_cnpj: string;
  /** Logo URL (a long-cached /files/... image) or null. */
  loj_caminho_logo: string | null;
  prazo_maximo_entrada_site: number;
  /** S: the store issues second-copy boletos (PDF icon in details). */
  loj_emite_segunda_via_boleto_recupera: 'S' | 'N';
  loj_cartao_de_credito_recorrente: 'S' | 'N';
  loj_tipo_agrupamento_nagociacao: string | null;
  loj_cidade: string | null;
  loj_estado: string | null;
}

export interface Parcela {
  par_codigo: number;
  par_prestacao: number;
  par_vencimento: string;
  /** Original value. */
  par_valor: number;
  /** Value updated with late fine and interest as of today (Brasília); equals par_valor when not overdue. */
  corrigido: number;
  /** Days overdue; negative: days until due. */
  fase: number;
  /** 1 = future entry (lancamento futuro). */
  lancamento_futuro: 0 | 1;
  /** 1 = paid here through its second copy (decision 025): shown PAGO, with no second copy to download. */
  par_paga: 0 | 1;
}

export interface Contrato {
  con_codigo: number;
  con_contrato: string;
  con_observacao: string | null;
  con_nome_loja: string;
  origem: string | null;
  referencia: string | null;
  /** Unpaid instalments that are not future entries, by due date. */
  parcelas: Parcela[];
}

/** One debt card: every contract of a store, or one contract group when the store groups (contratos_iguais). */
export interface Divida {
  /** Stable key of the card: "{loj_codigo}" or "{loj_codigo}-{con_contrato}" when grouped. */
  chave: string;
  loj_codigo: number;
  emp_codigo: number;
  pes_codigo: number;
  loja: Loja;
  /** Permits negotiation: N for the partner's boleto-only stores (texts 'Meus Boletos', 'Código do contrato'). */
  tipo_necociacao: 'S' | 'N';
  /**
   * 'Acordo Ativo', through any partner: an active agreement covers this card's contracts (a card of one contract
   * number), or the person has one with this store (a store negotiated whole).
   */
  acordo_ativo: boolean;
  /**
   * That agreement was made through another partner: this partner's Meus Acordos does not list it (passo_5 lists
   * the partner's own), so the card says where it is instead of pointing there.
   */
  acordo_em_outro_portal: boolean;
  contratos: Contrato[];
  /** Contract codes to send as preCodigo to passo_3_novo for this card. */
  pre_codigos: number[];
  /** Sum of the original values of the listed instalments (flgValorOriginal). */
  total_original: number;
  /** Updated total (fine and interest) of the listed instalments. */
  totalCorrigido: number;
  /** Best pay-in-full value (cash discounts) and best instalment base value (instalment discounts). */
  total_corrigido_avista: number;
  total_corrigido_aprazo: number;
  saldo_contrato: number;
  saldo_contrato_com_desconto: number;
  total_desconto: number;
  /** Percentage with two decimals, e.g. 23.5. */
  porcentagem_desconto_total: number;
  /** Spec 001 §9 "discounted" rule: show the discount banner. */
  com_desconto: boolean;
  /** Future entries of these contracts (lancamento_futuro = 1) and their total. */
  lancamentos_futuros: { total: number; parcelas: Parcela[] };
  /** Largest days overdue (positive) or, with nothing overdue, days until the next due date (negative). */
  fase: number;
  /**
   * The partner's answer to the person's proposal for this store with a counter-offer (issue 18 item 4; decision
   * 030), centavos: the latest one; absent when there is none.
   */
  contraproposta?: {
    entrada: number;
    quantidade_parcelas: number;
    valor_parcela: number;
    mensagem: string;
    /** ISO instant. */
    respondida_em: string;
  };
}

export interface DividasResposta {
  pessoa: { pes_codigo: number; pes_nome: string; pes_cpf_cnpj: string };
  /** Any card has an active agreement (the already-has-agreement message with MEUS ACORDOS). */
  acordo_ativo: boolean;
  dividas: Divida[];
}

export type PagamentoAvistaPrazo = 'A' | 'P';
export type MetodoPagamento = 'boleto' | 'pix' | 'cartao';
/**
 * A debt under an agreement made through another partner, where a refusal or a card would send the person to this
 * partner's Meus Acordos, which does not list that agreement: its boletos and payments are where it was made.
 */
export const AGREED_ELSEWHERE_MESSAGE =
  'Esta dívida já tem um acordo ativo, feito por outro canal de atendimento. Consulte os pagamentos desse acordo no canal em que ele foi feito.';

export const CARD_BRANDS = ['MASTERCARD', 'VISA', 'ELO', 'HIPERCOB', 'OTHER'] as const;
export type BandeiraCartao = (typeof CARD_BRANDS)[number];
/** Card form for the card-brand partner: recurring, one-time, or in instalments. */
export type FormaCartao = 'recorrente' | 'avista' | 'parcelado';

export interface PlanosPedido {
  lojCodigo: number;
  /** Comma-separated contract codes (Divida.pre_codigos). */
  preCodigo: string;
  /** dd/mm/yyyy. */
  primeiroVencimento: string;
  pagamentoAvistaPrazo: PagamentoAvistaPrazo;
  metodoPagamento: MetodoPagamento;
  bandeiraCartao?: BandeiraCartao;
  formaCartao?: FormaCartao;
  lancamentoFuturo: 'S' | 'N';
}

/** pre_acordo (spec 001 §3). pra_quantidade 0 = pay in full; otherwise instalments after the entry. */
export interface PreAcordo {
  pra_codigo: number;
  pra_quantidade: number;
  pra_valor_entrada: number;
  pra_valor_parcela: number;
  valor_total_acordo: number;
  pra_primeiro_vcto: string;
  valorFuturoIncluso: 'S' | 'N';
  valorFuturoTotal: number;
  /** Discount of this plan against the updated balance, centavos and percentage. */
  valor_desconto: number;
  porcentagem_desconto: number;
}

export interface PlanosResposta {
  pre_acordo: PreAcordo[];
  /** Latest first due date allowed (today + prazo_maximo_entrada_site, Brasília). */
  primeiro_vencimento_maximo: string;
  /** When the plans stop being accepted (ISO instant). */
  expira_em: string;
}

/** Spec 001 §3 "Second-copy item": one issued second copy, with the code the send call takes and its PDF path. */
export interface SegundaVia {
  codigo: number;
  par_codigo: number;
  par_prestacao: number;
  /** YYYY-MM-DD: today for an overdue instalment, else its own due date. */
  par_vencimento: string;
  par_vencimento_formatado: string;
  /** Centavos, updated to the due date. */
  par_valor: number;
  contrato: string;
  /** P paid (the copy's PIX or boleto was paid: no new copy), AA overdue, A open. */
  status: 'P' | 'AA' | 'A';
  /** Null on a paid copy, like the documents of a paid instalment in Meus Acordos. */
  linha_digitavel_segunda_via: string | null;
  pix_copia_cola_segunda_via: string | null;
  /** Path of the PDF, served to the same session; null on a paid copy. */
  caminho_completo_boleto: string | null;
}
