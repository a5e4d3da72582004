import {
  type AgreementAdminDetail,
  brasiliaTimestamp,
  instalmentLabel,
  instalmentStatus,
  paymentAfterCardReversal,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  type AgreementAdminRow,
  findAgreementInStaffScope,
  loadAgreementCardPayment,
  loadAgreementPaymentEvents,
  loadAgreementSecondCopyPayments,
  loadAgreementStatusEvents,
} from '../../repositories/agreement-admin-repository';
import { loadAgreementParties } from '../../repositories/lifecycle-repository';
import { type AgreementView, loadAgreementInScope } from '../../repositories/payment-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { dischargeLetterPdf } from '../lifecycle/discharge-letter';
import { agreementBoletosPdf } from './agreement-boletos-pdf';
import { renderConfessionTerm } from './confession-term-pdf';
import { payableCharge } from './issue-due-charges';
import { toAgreementAdminItem } from './list-staff-agreements';

// An agreement's page in the back office (issue 18 item 3; decision 029) and its documents, served to staff through
// their own routes by the builders the debtor's routes use.

/** Where staff open an agreement's documents (GET /api/gestao/acordos/{id}/{documento}). */
export const staffDocumentPath = (
  agreementId: number,
  document: StaffDocument,
  instalmentIds?: readonly number[],
) =>
  `/api/gestao/acordos/${agreementId}/${document}${instalmentIds ? `?parcelas=${instalmentIds.join(',')}` : ''}`;

export const STAFF_DOCUMENTS = ['termo.pdf', 'quitacao.pdf', 'boletos.pdf'] as const;
export type StaffDocument = (typeof STAFF_DOCUMENTS)[number];

/** The scope's agreement with its instalments, charges and parties; another partner's is not found. */
async function loadInStaffScope(
  db: Db,
  scope: StaffScope,
  agreementId: number,
): Promise<{ row: AgreementAdminRow; view: AgreementView }> {
  const row = await findAgreementInStaffScope(db, scope, agreementId);
  const view =
    row &&
    (await loadAgreementInScope(
      db,
      { partnerId: row.agreement.partnerId, personId: row.agreement.personId },
      agreementId,
    ));
  if (!row || !view) throw new AppError('AGREEMENT_NOT_FOUND');
  return { row, view };
}

/** The instalments whose boleto staff may open: a boleto agreement's whose boleto can be paid (payableCharge). */
function openBoletos(view: AgreementView, today: string) {
  if (view.agreement.paymentMethod !== 'boleto') return [];
  return view.instalments.filter((i) => payableCharge(view, i, today));
}

/** GET /api/gestao/acordos/{id}: the agreement, its instalments, documents, payment events and status history. */
export async function getStaffAgreement(
  db: Db,
  scope: StaffScope,
  agreementId: number,
): Promise<AgreementAdminDetail> {
  const { row, view } = await loadInStaffScope(db, scope, agreementId);
  const { agreement } = view;
  const [parties, events, secondCopies, card, history] = await Promise.all([
    loadAgreementParties(db, agreementId),
    loadAgreementPaymentEvents(db, agreementId),
    loadAgreementSecondCopyPayments(db, agreementId),
    loadAgreementCardPayment(db, agreementId),
    loadAgreementStatusEvents(db, agreementId),
  ]);
  const today = todayInBrasilia();
  const boletos = new Set(openBoletos(view, today).map((i) => i.id));
  const label = (number: number) => instalmentLabel(number, agreement.instalmentCount);
  // A card given back whole settled nothing: its instalments read as Meus Acordos reads them (decision 093).
  const cardGivenBack = card && {
    amountCents: card.payment.amountCents,
    reversedCents: Math.max(0, ...card.reversals.map((r) => r.refundedThroughCents)),
  };
  return {
    ...toAgreementAdminItem(row),
    contratos: parties?.contracts ?? [],
    parcelas: view.instalments.map((i) => ({
      aci_codigo: i.id,
      parcela: label(i.number),
      vencimento: i.dueDate,
      valor: i.amountCents,
      status: instalmentStatus({ ...i, payment: paymentAfterCardReversal(i.payment, cardGivenBack) }, today),
      boleto: boletos.has(i.id) ? staffDocumentPath(agreementId, 'boletos.pdf', [i.id]) : null,
    })),
    documentos: {
      termo: staffDocumentPath(agreementId, 'termo.pdf'),
      quitacao: agreement.status === 'settled' ? staffDocumentPath(agreementId, 'quitacao.pdf') : null,
      boletos_em_aberto:
        boletos.size > 0 ? staffDocumentPath(agreementId, 'boletos.pdf', [...boletos]) : null,
    },
    eventos: events.map((e) => ({
      id: e.id,
      parcela: label(e.number),
      tipo: e.kind,
      valor: e.amountCents,
      data: e.occurredOn,
      causa: e.cause,
      motivo: e.unappliedReason,
    })),
    segundas_vias: secondCopies.map((p) => ({
      id: p.id,
      contrato: p.contractNumber,
      vencimento: p.dueDate,
      valor: p.amountCents,
      data: p.occurredOn,
      causa: p.cause,
      nao_aplicado: Number(p.unappliedCents),
      motivo: Number(p.unappliedCents) > 0 ? p.unappliedReason : null,
    })),
    cartao: card
      ? {
          bandeira: card.payment.brand,
          final: card.payment.lastFour,
          valor: card.payment.amountCents,
          parcelas: card.payment.instalments,
          estado: card.state,
          em: brasiliaTimestamp(card.payment.createdAt),
          estornos: card.reversals.map((r) => ({
            tipo: r.kind,
            valor: r.amountCents,
            em: brasiliaTimestamp(r.occurredAt),
          })),
        }
      : null,
    historico: history.map((h) => ({
      de: h.from,
      para: h.to,
      causa: h.cause,
      motivo: h.reason,
      em: brasiliaTimestamp(h.at),
    })),
  };
}

/**
 * One of the scope's agreement's documents: the confession term (whatever the partner offers the debtor), the
 * discharge letter once settled, or the boletos of some of its open instalments (`instalmentIds`, all its own).
 */
export async function staffAgreementDocument(
  db: Db,
  scope: StaffScope,
  agreementId: number,
  document: StaffDocument,
  instalmentIds: readonly number[] | undefined,
): Promise<{ name: string; pdf: Buffer }> {
  const { view } = await loadInStaffScope(db, scope, agreementId);
  const parties = (await loadAgreementParties(db, agreementId))!;
  if (document === 'termo.pdf') return renderConfessionTerm(db, view, parties);
  if (document === 'quitacao.pdf') {
    if (view.agreement.status !== 'settled') throw new AppError('AGREEMENT_NOT_FOUND');
    return dischargeLetterPdf(db, parties);
  }
  const own = new Set(view.instalments.map((i) => i.id));
  const wanted = instalmentIds ?? openBoletos(view, todayInBrasilia()).map((i) => i.id);
  if (wanted.length === 0 || wanted.some((id) => !own.has(id)))
    throw new AppError('AGREEMENT_INSTALMENT_NOT_FOUND');
  const { partnerId, personId } = view.agreement;
  return agreementBoletosPdf(
    db,
    { partnerId, personId, partner: parties.partner, person: parties.person },
    wanted,
  );
}
