import { portalCall } from '../../../lib/api';
import type { MetodoPagamento, PlanosPedido, PlanosResposta } from './types';

// Negotiation steps 3 and 4 (spec 001 §4 "Negotiation flow", docs/api.md "Debtor area (issue 4)").

/** passo_3_novo: the plans the server computes (and keeps for this session) for one card and the choices made. */
export function searchPlans(body: PlanosPedido, signal?: AbortSignal) {
  return portalCall<PlanosResposta | { primeiro_vencimento_maximo?: string } | null>(
    'negociacao_robo',
    'passo_3_novo',
    { ...body },
    signal ? { signal } : {},
  );
}

/** passo_4_novo body: the server records the agreement from a plan it issued, never from amounts sent here. */
export interface AcordoPedido {
  praCodigo: number;
  formaDePagamento: MetodoPagamento;
  /** dd/mm/yyyy. */
  primeiroVencimento: string;
  /** Digits only; asked with capability requireContactOnConfirm. */
  telefone?: string;
  email?: string;
}

/** passo_4_novo: records the agreement. */
export function confirmAgreement(body: AcordoPedido) {
  return portalCall<unknown>('negociacao_robo', 'passo_4_novo', { ...body });
}
