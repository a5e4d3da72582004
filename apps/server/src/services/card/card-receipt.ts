import {
  type BandeiraCartao,
  brasiliaDateTime,
  CARD_BRAND_NAMES,
  formatBrDate,
  type InstalmentState,
  maskCpfForDisplay,
  paymentAfterCardReversal,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type CardReceipt, renderCardReceiptPdf } from '../../integrations/documents/card-receipt-pdf';
import {
  type CardOutcomeRow,
  type CardPaymentRow,
  loadPaidCardPayments,
} from '../../repositories/card-payment-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadAgreementsOfInstalments } from '../../repositories/payment-repository';

/** Where an instalment's card receipt is served (docs/api.md "Meus Acordos"); spec 001 §9 names the file. */
export const cardReceiptName = (instalmentId: number) => `comp_cartao_${instalmentId}.pdf`;
export const cardReceiptPath = (instalmentId: number) =>
  `/api/acordos/comprovante-cartao/${cardReceiptName(instalmentId)}`;

const maskedCard = (lastFour: string) => `**** **** **** ${lastFour}`;
const brandName = (brand: string) => CARD_BRAND_NAMES[brand as BandeiraCartao] ?? brand;

/**
 * Spec 001 §3 "Card receipt" as Meus Acordos lists it with a card-settled (B) instalment, with the payer's CPF/CNPJ
 * masked in the middle (§9).
 */
export function cardReceiptItem(
  instalmentId: number,
  { company, payerCpfCnpj }: { company: string; payerCpfCnpj: string },
  { payment, outcome }: { payment: CardPaymentRow; outcome: CardOutcomeRow },
) {
  const paid = brasiliaDateTime(outcome.occurredAt);
  return {
    empresa: company,
    cpf_cnpj: maskCpfForDisplay(payerCpfCnpj),
    bandeira: brandName(payment.brand),
    numero_cartao: maskedCard(payment.lastFour),
    // The card's validity is never kept (only brand and last four are).
    vencimento_cartao: null,
    data_de_pagamento: formatBrDate(paid.date),
    horario_de_pagamento: paid.time,
    codigo_de_autorizacao: outcome.authorisationCode ?? '',
    estado_da_transacao: outcome.state,
    valor: payment.amountCents,
    parcelas: payment.instalments,
    pdf: cardReceiptPath(instalmentId),
  };
}

export type CardReceiptItem = ReturnType<typeof cardReceiptItem>;

/** The paid cards of these agreements (with the money of each given back so far), by agreement id. */
export async function cardPaymentsByAgreement(db: Db, agreementIds: readonly number[]) {
  const rows = await loadPaidCardPayments(db, agreementIds);
  return new Map(rows.map((row) => [row.payment.agreementId, row]));
}

export type PaidCard = Awaited<ReturnType<typeof loadPaidCardPayments>>[number];

/**
 * An instalment as Meus Acordos and its receipt read it: one settled by a card whose money all went back (a full
 * refund, a chargeback) was paid by nothing, so it is not PAGO and has no receipt (decision 093).
 */
export const withCardReversal = <T extends InstalmentState>(
  instalment: T,
  card: PaidCard | undefined,
): T => ({
  ...instalment,
  payment: paymentAfterCardReversal(
    instalment.payment,
    card && { amountCents: card.payment.amountCents, reversedCents: card.reversedCents },
  ),
});

/**
 * The receipt PDF of one of the session person's card-settled (B) instalments; any other (one whose card was given
 * back whole too) does not exist for them.
 */
export async function cardReceiptPdf(db: Db, scope: DebtScope, instalmentId: number) {
  const [view] = await loadAgreementsOfInstalments(db, scope, [instalmentId]);
  const paid = view && (await cardPaymentsByAgreement(db, [view.agreement.id])).get(view.agreement.id);
  const instalment = view?.instalments.find((i) => i.id === instalmentId);
  if (!view || !paid || !instalment || withCardReversal(instalment, paid).payment !== 'settled')
    throw new AppError('CARD_RECEIPT_NOT_FOUND');
  const item = cardReceiptItem(
    instalmentId,
    { company: view.store.tradeName, payerCpfCnpj: scope.person.cpfCnpj },
    paid,
  );
  const receipt: CardReceipt = {
    instalmentId,
    company: item.empresa,
    document: item.cpf_cnpj,
    name: scope.person.name,
    brand: item.bandeira,
    cardNumber: item.numero_cartao,
    paidOn: item.data_de_pagamento,
    paidAt: item.horario_de_pagamento,
    authorisationCode: item.codigo_de_autorizacao,
    amountCents: item.valor,
    instalments: item.parcelas,
    state: 'Pagamento aprovado',
  };
  return { name: cardReceiptName(instalmentId), pdf: await renderCardReceiptPdf(receipt) };
}
