import { addDays } from '../dates';

// Agreement instalments as Meus Acordos shows them (spec 001 §3 "Agreement instalment", §4 statuses and the boleto
// generation rule).

/** Spec 001 §4: A open, P paid, B settled/written off (card receipt), AA overdue. */
export type InstalmentStatus = 'A' | 'P' | 'B' | 'AA';

/** What the payment events say of an instalment: paid (boleto, PIX), settled (card), or nothing yet. */
export type InstalmentPayment = 'paid' | 'settled' | null;

export interface InstalmentState {
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  payment: InstalmentPayment;
}

/** Spec 001 §4: paid or settled first; an open instalment is overdue once its due date has passed (Brasília). */
export function instalmentStatus(instalment: InstalmentState, today: string): InstalmentStatus {
  if (instalment.payment === 'paid') return 'P';
  if (instalment.payment === 'settled') return 'B';
  return instalment.dueDate < today ? 'AA' : 'A';
}

/** Spec 001 §4: 'PAGO' rows (P, B) cannot be ticked, viewed or downloaded. */
export function isPaidStatus(status: InstalmentStatus): boolean {
  return status === 'P' || status === 'B';
}

/**
 * Spec 001 §4 "Boleto is generated on the due date, or after the previous instalment is paid": the first instalment
 * at once, a later one when the one before it is paid or from its own due date on. `instalments` in order.
 */
export function isDocumentDue(
  instalments: readonly InstalmentState[],
  index: number,
  today: string,
): boolean {
  const instalment = instalments[index];
  if (!instalment || instalment.payment !== null) return false;
  if (index === 0 || instalment.dueDate <= today) return true;
  return instalments[index - 1]!.payment !== null;
}

/** Banco Central, API Pix cobv `calendario.validadeAposVencimento` (calendar days): an overdue charge is still paid. */
export const CHARGE_DAYS_PAYABLE_AFTER_DUE = 30;

/** What an instalment's latest document is: when it falls due, and whether it was cancelled (an event). */
export interface ChargeState {
  dueDate: string;
  cancelled: boolean;
}

/**
 * Whether an issued document can still be paid today: not cancelled, and within the days a cobv stays payable after
 * its due date (API Pix; the boleto híbrido's PIX is that cobv). One that cannot is replaced by a new issue.
 */
export function isChargePayable(charge: ChargeState, today: string): boolean {
  return !charge.cancelled && today <= addDays(charge.dueDate, CHARGE_DAYS_PAYABLE_AFTER_DUE);
}

/**
 * The due date of an instalment's document issued today: the instalment's own, unless that is no longer payable, or
 * the document replaces one that can no longer be paid and the date has passed (a bank registers no boleto already
 * due; FEBRABAN CNAB 240 entrada de títulos): then today.
 */
export function documentDueDate(instalmentDueDate: string, today: string, replacement: boolean): string {
  const passed = replacement
    ? instalmentDueDate < today
    : !isChargePayable({ dueDate: instalmentDueDate, cancelled: false }, today);
  return passed ? today : instalmentDueDate;
}

/** Spec 001 §3 campo_parcela: 'Parcela única' when paid in full, 'Entrada', then 'k/n'. */
export function instalmentLabel(number: number, instalmentCount: number): string {
  if (instalmentCount === 0) return 'Parcela única';
  return number === 0 ? 'Entrada' : `${number}/${instalmentCount}`;
}

/**
 * How text names an instalment by its campo_parcela (instalmentLabel, or Meus Boletos' 'Contrato 77 - parcela 2'),
 * after 'a' or 'da' ('PIX da parcela única'): a bare 'k/n' takes 'parcela', the others already say what they are, so
 * never 'parcela Parcela única' (found by use in the boletos PDF and the aria-labels).
 */
export function instalmentName(label: string): string {
  if (/^\d+\/\d+$/.test(label)) return `parcela ${label}`;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** A card payment's value and the money of it given back so far (its reversals' running total), in centavos. */
export interface CardReversalState {
  amountCents: number;
  reversedCents: number;
}

/**
 * What pays an instalment once its card's reversals are counted (decision 093): a card whose money all went back (a
 * full refund or a chargeback, also after parts) settled nothing, so the instalment it settled reads as its
 * cancelled agreement's unpaid ones (never PAGO, no receipt); a part given back leaves it settled (decision 075).
 */
export function paymentAfterCardReversal(
  payment: InstalmentPayment,
  card: CardReversalState | undefined,
): InstalmentPayment {
  return payment === 'settled' && card !== undefined && card.reversedCents >= card.amountCents
    ? null
    : payment;
}

/** A cancelled agreement's unpaid instalment is paid by nothing (decision 042): neither open nor overdue. */
export function closedByCancellation(agreementStatus: string, status: InstalmentStatus): boolean {
  return agreementStatus === 'cancelled' && !isPaidStatus(status);
}

/** The status an instalment reads as, in the words of `labels` (the debtor's or staff's), or 'Cancelada'. */
export function instalmentStatusLabel(
  agreementStatus: string,
  status: InstalmentStatus,
  labels: Readonly<Record<InstalmentStatus, string>>,
): string {
  return closedByCancellation(agreementStatus, status) ? 'Cancelada' : labels[status];
}

/** Spec 001 §3 valor_restante: what is left to pay, the instalments not paid or settled. */
export function remainingCents(instalments: readonly (InstalmentState & { amountCents: number })[]): number {
  return instalments.reduce((sum, i) => (i.payment === null ? sum + i.amountCents : sum), 0);
}

/**
 * Instalment numbers as a letter writes them, in order: runs of three or more as 'a to b', the last joined by 'e'
 * ([2, 3, 4, 5] '2 a 5'; [1, 3, 4] '1, 3 e 4'; [1, 2, 3, 7] '1 a 3 e 7'). The discharge letter names what an agreement
 * covered (decision 095).
 */
export function instalmentNumbersText(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    if (end - start >= 2) parts.push(`${sorted[start]} a ${sorted[end]}`);
    else for (let i = start; i <= end; i++) parts.push(String(sorted[i]));
    start = end + 1;
  }
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : (parts[0] ?? '');
}
