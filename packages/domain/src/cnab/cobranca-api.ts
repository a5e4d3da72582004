import type { RetornoOutcome } from './cnab240';

// The admin API's "Cobrança" answers (docs/api.md): the remessas list and a retorno's report, as the server sends
// them and the back office reads them.

export interface RemessaListItem {
  id: number;
  loja: { id: number; nome: string | null } | null;
  banco: string;
  convenio: string;
  nsa: number;
  /** 'YYYY-MM-DD', the Brasília day it was written. */
  data: string;
  nome_arquivo: string;
  /** Boletos it registered (null in the answer of the generation, which lists the files just written). */
  titulos: number | null;
  criado_por: string;
  criado_em: string;
}

export interface RemessaListPage {
  data: RemessaListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export interface RetornoReportLine {
  linha: number;
  movimento: string;
  movimento_texto: string;
  nosso_numero: string;
  resultado: RetornoOutcome;
  motivos: { codigo: string; texto: string }[];
  /** Centavos. */
  valor: number;
  valor_pago: number;
  /** The bank's fee (tarifa) for the movement, centavos. */
  tarifa: number;
  data_ocorrencia: string | null;
}

export interface RetornoReportAnswer {
  arquivo_id: number;
  nome_arquivo: string;
  ja_importado: boolean;
  totais: {
    aplicados: number;
    duplicados: number;
    /** Liquidations of instalments already paid another way (a PIX): money kept as unapplied. */
    nao_aplicados: number;
    /** Liquidations of boletos whose agreement was cancelled: money kept as unapplied, to refund or apply. */
    de_acordo_cancelado: number;
    /** Liquidations paying less than the boleto's value: money kept as unapplied, the instalment not paid. */
    a_menor: number;
    rejeitados: number;
    confirmados: number;
    baixados: number;
    desconhecidos: number;
    ignorados: number;
  };
  linhas: RetornoReportLine[];
}

/** A retorno refused whole (422): every error with its line; nothing was applied. */
export interface RetornoErrors {
  erros: { linha: number; mensagem: string }[];
}
