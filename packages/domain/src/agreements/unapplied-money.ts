import { z } from 'zod';
import type { PageMeta, StoreOption } from './agreement-admin';

// The back office's work list of unapplied money (decisions 049, 063): each amount that arrived but paid no
// instalment, and what staff did with it, recorded once with a reason.

/** What staff did with the money: gave it back to whoever paid it, or applied it by hand (with the creditor). */
export const UNAPPLIED_RESOLUTIONS = ['refunded', 'applied_manually'] as const;
export type UnappliedResolution = (typeof UNAPPLIED_RESOLUTIONS)[number];

export const UNAPPLIED_RESOLUTION_LABELS: Record<UnappliedResolution, string> = {
  refunded: 'Devolvido ao pagador',
  applied_manually: 'Aplicado manualmente',
};

/**
 * Why money paid nothing (decisions 020, 049): paid below its document's value, paid after the agreement was
 * cancelled, or paid again once the instalment was paid another way. Recorded with the event since decision 064.
 */
export const UNAPPLIED_MONEY_REASONS = ['underpaid', 'agreement_cancelled', 'already_paid'] as const;
export type UnappliedMoneyReason = (typeof UNAPPLIED_MONEY_REASONS)[number];

/** The reasons as staff read them (the retorno report's texts begin with them). */
export const UNAPPLIED_MONEY_REASON_LABELS: Record<UnappliedMoneyReason, string> = {
  underpaid: 'Pago a menor',
  agreement_cancelled: 'Pago depois do cancelamento do acordo',
  already_paid: 'Pago de novo: parcela já paga de outra forma',
};

/** An amount's reason as the list shows it; one recorded before events said why has none: 'Não informado'. */
export const unappliedMoneyReasonLabel = (reason: UnappliedMoneyReason | null): string =>
  reason ? UNAPPLIED_MONEY_REASON_LABELS[reason] : 'Não informado';

/** The list's filter: amounts nobody has resolved yet, or resolved ones ('' on the wire: both). */
export const UNAPPLIED_SITUATIONS = ['pending', 'resolved'] as const;
export type UnappliedSituation = (typeof UNAPPLIED_SITUATIONS)[number];

export const UNAPPLIED_SITUATION_LABELS: Record<UnappliedSituation, string> = {
  pending: 'Pendentes',
  resolved: 'Resolvidos',
};

export const UNAPPLIED_REASON_MAX = 500;

export const UNAPPLIED_MONEY_MESSAGES = {
  resolutionRequired: 'Informe o que foi feito com o valor.',
  reasonRequired: 'Informe o motivo.',
  reasonTooLong: `O motivo deve ter no máximo ${UNAPPLIED_REASON_MAX} caracteres.`,
  resolved: 'Resolução registrada com sucesso!',
  alreadyResolved: 'Este valor já tinha uma resolução registrada; ela foi mantida.',
  notFound: 'Valor não aplicado não encontrado.',
  empty: 'Nenhum valor não aplicado no período.',
} as const;

/** POST /api/gestao/nao-aplicados/{id}/resolucao: what was done, and a short reason (the audit keeps it). */
export const unappliedResolutionSchema = z.object({
  resolucao: z.enum(UNAPPLIED_RESOLUTIONS, { message: UNAPPLIED_MONEY_MESSAGES.resolutionRequired }),
  motivo: z
    .string({ message: UNAPPLIED_MONEY_MESSAGES.reasonRequired })
    .trim()
    .min(1, UNAPPLIED_MONEY_MESSAGES.reasonRequired)
    .max(UNAPPLIED_REASON_MAX, UNAPPLIED_MONEY_MESSAGES.reasonTooLong),
});
export type UnappliedResolutionInput = z.input<typeof unappliedResolutionSchema>;

/** An unapplied amount's resolution: what, why, by whom (user name) and when (Brasília 'YYYY-MM-DD HH:MM:SS'). */
export interface UnappliedMoneyResolution {
  tipo: UnappliedResolution;
  motivo: string;
  usuario: string;
  em: string;
}

/**
 * Whose money an unapplied amount is: an agreement instalment's `unapplied` payment event, or a second copy's payment
 * (its part beyond the copy's value, or all of it when it ended the copy short; decisions 049, 061).
 */
export const UNAPPLIED_ORIGINS = ['acordo', 'segunda_via'] as const;
export type UnappliedOrigin = (typeof UNAPPLIED_ORIGINS)[number];

/** GET /api/gestao/nao-aplicados: one unapplied amount as the list shows it. */
export interface UnappliedMoneyItem {
  /** The payment event's id (`acordo`) or the second copy payment's (`segunda_via`): resolved by its own route. */
  id: number;
  origem: UnappliedOrigin;
  /** The Brasília day the money arrived ('YYYY-MM-DD'). */
  data: string;
  /** Centavos. */
  valor: number;
  /** The event's cause code (read with eventCauseLabel, as on the agreement's page). */
  causa: string;
  /** Why it paid nothing; null when recorded before events said why (read with unappliedMoneyReasonLabel). */
  motivo: UnappliedMoneyReason | null;
  /** The agreement whose page tells the amount's story; null for a second copy's (the back office has no page). */
  aco_codigo: number | null;
  /** An agreement's 'k/n' (instalmentLabel); a second copy's portfolio instalment, 'Contrato 77 - parcela 2'. */
  parcela: string;
  parceiro: { id: number; nome: string };
  loja: { id: number; nome: string };
  resolucao: UnappliedMoneyResolution | null;
}

export interface UnappliedMoneyPage {
  data: UnappliedMoneyItem[];
  meta: PageMeta;
  lojas: StoreOption[];
}
