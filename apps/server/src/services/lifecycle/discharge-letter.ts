import {
  brasiliaDateTime,
  formatBrDate,
  isValidEmail,
  maskCnpj,
  maskCpfForDisplay,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { renderDischargeLetterPdf } from '../../integrations/documents/discharge-letter-pdf';
import type { DebtorScope } from '../../repositories/debtor-scope';
import {
  loadAgreementParties,
  loadAgreementPayments,
  loadDischargedInstalments,
} from '../../repositories/lifecycle-repository';
import { loadAgreementInScope } from '../../repositories/payment-repository';

/** Where a settled agreement's letter is served (aco_carta_quitacao; docs/api.md "Meus Acordos"). */
export const dischargeLetterPath = (agreementId: number) => `/api/acordos/${agreementId}/quitacao.pdf`;

export type AgreementParties = NonNullable<Awaited<ReturnType<typeof loadAgreementParties>>>;

/** Where an agreement's letters go: the e-mail confirmed with the agreement, else the one on file; null for none. */
export function agreementEmail(parties: AgreementParties): string | null {
  const email = (parties.agreement.email ?? parties.person.email ?? '').trim();
  return isValidEmail(email) ? email : null;
}

/** The discharge letter of a settled agreement, whoever asks (the settlement e-mails it; the route checks the owner). */
export async function dischargeLetterPdf(
  db: Db,
  parties: AgreementParties,
): Promise<{ name: string; pdf: Buffer }> {
  const { agreement, store, partner, person } = parties;
  const { paidCents, lastPaidOn } = await loadAgreementPayments(db, agreement.id);
  const discharged = await loadDischargedInstalments(db, agreement.id);
  const now = brasiliaDateTime();
  const pdf = await renderDischargeLetterPdf({
    agreementId: agreement.id,
    agreedOn: todayInBrasilia(agreement.createdAt),
    issuedAt: `${formatBrDate(now.date)} ${now.time.slice(0, 5)}`,
    portalName: partner.name,
    creditor: { legalName: store.legalName, tradeName: store.tradeName, document: maskCnpj(store.cpfCnpj) },
    debtor: { name: person.name, document: maskCpfForDisplay(person.cpfCnpj) },
    contracts: parties.contracts,
    discharged,
    paidCents,
    lastPaidOn: lastPaidOn ?? todayInBrasilia(),
  });
  return { name: `carta_quitacao_${agreement.id}.pdf`, pdf };
}

/** GET quitacao.pdf: the letter of one of the session person's settled agreements; any other does not exist for them. */
export async function dischargeLetterForDebtor(
  db: Db,
  scope: DebtorScope,
  agreementId: number,
): Promise<{ name: string; pdf: Buffer }> {
  const view = await loadAgreementInScope(db, scope, agreementId);
  const parties =
    view?.agreement.status === 'settled' ? await loadAgreementParties(db, agreementId) : undefined;
  if (!parties) throw new AppError('AGREEMENT_NOT_FOUND');
  return dischargeLetterPdf(db, parties);
}
