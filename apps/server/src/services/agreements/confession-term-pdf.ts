import {
  AGREEMENT_PAYMENT_METHOD_LABELS,
  brasiliaDateTime,
  formatBrDate,
  instalmentLabel,
  maskCnpj,
  maskCpfForDisplay,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { renderConfessionTermPdf } from '../../integrations/documents/confession-term-pdf';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import {
  type AgreementView,
  loadAgreementContracts,
  loadAgreementInScope,
} from '../../repositories/payment-repository';

/** Where the term of an agreement is served (aco_termo_anexo; docs/api.md "Meus Acordos"). */
export const confessionTermPath = (agreementId: number) => `/api/acordos/${agreementId}/termo.pdf`;

/**
 * The "Termo de confissão de dívida" of one of the session person's agreements (spec 001 §3 flgTermoCofissao, §9):
 * only where the partner offers it, and only to the agreement's owner; any other agreement does not exist for them.
 */
export async function confessionTermPdf(
  db: Db,
  scope: DebtScope,
  agreementId: number,
): Promise<{ name: string; pdf: Buffer; view: AgreementView }> {
  const customization = await loadPartnerCustomization(db, scope.partner);
  if (customization.myAgreements?.flgTermoCofissao !== true)
    throw new AppError('CONFESSION_TERM_UNAVAILABLE');
  const view = await loadAgreementInScope(db, scope, agreementId);
  if (!view) throw new AppError('AGREEMENT_NOT_FOUND');
  return { ...(await renderConfessionTerm(db, view, scope)), view };
}

/** The term of an agreement, whoever asks (the debtor's call checks the partner offers it; staff open any: decision 029). */
export async function renderConfessionTerm(
  db: Db,
  view: AgreementView,
  parties: Pick<DebtScope, 'partner' | 'person'>,
): Promise<{ name: string; pdf: Buffer }> {
  const { agreement, store } = view;
  const contracts = await loadAgreementContracts(db, [agreement.id]);
  const now = brasiliaDateTime();
  const pdf = await renderConfessionTermPdf({
    agreementId: agreement.id,
    agreedOn: todayInBrasilia(agreement.createdAt),
    issuedAt: `${formatBrDate(now.date)} ${now.time.slice(0, 5)}`,
    portalName: parties.partner.name,
    creditor: { legalName: store.legalName, tradeName: store.tradeName, document: maskCnpj(store.cpfCnpj) },
    debtor: { name: parties.person.name, document: maskCpfForDisplay(parties.person.cpfCnpj) },
    contracts: [...new Set(contracts.map((c) => c.contractNumber))],
    paymentMethod: AGREEMENT_PAYMENT_METHOD_LABELS[agreement.paymentMethod],
    totalCents: agreement.totalCents,
    instalments: view.instalments.map((i) => ({
      label: instalmentLabel(i.number, agreement.instalmentCount),
      dueDate: i.dueDate,
      amountCents: i.amountCents,
    })),
  });
  return { name: `termo_confissao_${agreement.id}.pdf`, pdf };
}
