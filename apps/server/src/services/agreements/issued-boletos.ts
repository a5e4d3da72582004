import { instalmentStatus, isPaidStatus, todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtorScope } from '../../repositories/debtor-scope';
import {
  type AgreementView,
  type ChargeRow,
  type InstalmentView,
  loadAgreementsOfInstalments,
} from '../../repositories/payment-repository';
import { payableCharge } from './issue-due-charges';

export interface IssuedBoleto {
  view: AgreementView;
  instalment: InstalmentView;
  charge: ChargeRow;
}

/**
 * The boletos of some of the session person's instalments, in agreement order, with the rules of the boletos PDF
 * (agreementBoletosPdf): what may be downloaded may be sent, and nothing else. An instalment that is not theirs, not
 * of a boleto agreement or of one no longer active, does not exist for them; a paid one, or one whose boleto is not
 * issued yet or can no longer be paid (Meus Acordos issues its successor), is refused with why.
 */
export async function findIssuedBoletos(
  db: Db,
  scope: DebtorScope,
  instalmentIds: readonly number[],
): Promise<IssuedBoleto[]> {
  const wanted = new Set(instalmentIds);
  const views = await loadAgreementsOfInstalments(db, scope, [...wanted]);
  const today = todayInBrasilia();
  const found: IssuedBoleto[] = [];
  for (const view of views) {
    for (const instalment of view.instalments) {
      if (!wanted.delete(instalment.id)) continue;
      if (view.agreement.paymentMethod !== 'boleto') throw new AppError('AGREEMENT_INSTALMENT_NOT_FOUND');
      if (isPaidStatus(instalmentStatus(instalment, today))) throw new AppError('INSTALMENT_ALREADY_PAID');
      // A cancelled agreement's instalments are paid by nothing: they do not exist for this.
      if (view.agreement.status !== 'active') throw new AppError('AGREEMENT_INSTALMENT_NOT_FOUND');
      const charge = payableCharge(view, instalment, today);
      if (!charge) throw new AppError('INSTALMENT_NOT_ISSUED');
      found.push({ view, instalment, charge });
    }
  }
  if (wanted.size > 0 || found.length === 0) throw new AppError('AGREEMENT_INSTALMENT_NOT_FOUND');
  return found;
}
