import {
  BANCO_DO_BRASIL,
  formatBrDate,
  instalmentLabel,
  instalmentName,
  maskCnpj,
  maskCpfCnpj,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { type BoletoDocument, payerAddress, renderBoletosPdf } from '../../integrations/documents/boleto-pdf';
import type { DebtScope } from '../../repositories/debt-snapshot';
import type { DebtorScope } from '../../repositories/debtor-scope';
import type { AgreementView } from '../../repositories/payment-repository';
import { chargeBeneficiary } from './issue-due-charges';
import { findIssuedBoletos } from './issued-boletos';

/** How many boletos one PDF holds (docs/api.md: a year of monthly instalments, twice). */
export const MAX_BOLETOS_PER_PDF = 24;

/** Whose boletos: the partner and person of the agreements (a debtor's session, or an agreement staff opened). */
export type BoletoHolder = DebtorScope & Pick<DebtScope, 'partner' | 'person'>;

/**
 * The boletos of some of the session person's agreement instalments as one PDF, a page each in agreement order
 * (spec 001 §2 "Instalments can be ticked for boleto view or download"). An instalment that is not theirs, or not
 * of a boleto agreement, does not exist for them (404); a paid one or one not issued yet is refused with why.
 */
export async function agreementBoletosPdf(
  db: Db,
  scope: BoletoHolder,
  instalmentIds: readonly number[],
): Promise<{ name: string; pdf: Buffer }> {
  const boletos = await findIssuedBoletos(db, scope, instalmentIds);
  const pages = boletos.map(({ view, instalment }) => boletoPage(scope, view, instalment));
  return { name: `boletos_${Math.min(...instalmentIds)}.pdf`, pdf: await renderBoletosPdf(pages) };
}

function boletoPage(
  scope: BoletoHolder,
  view: AgreementView,
  instalment: AgreementView['instalments'][number],
): BoletoDocument {
  const { agreement, store } = view;
  const charge = instalment.charge!;
  const beneficiary = chargeBeneficiary(store, scope.partner.name);
  const label = instalmentLabel(instalment.number, agreement.instalmentCount);
  return {
    heading: 'Boleto do acordo',
    bankName: BANCO_DO_BRASIL.name,
    bankCodeWithDigit: BANCO_DO_BRASIL.printedCode,
    digitableLine: charge.digitableLine!,
    barcode: charge.barcode!,
    dueDate: charge.dueDate,
    amountCents: charge.amountCents,
    ourNumber: charge.ourNumber!,
    agreement: beneficiary.agreement ?? '',
    wallet: beneficiary.wallet,
    // What the remessa registers at the bank for this charge (generate-remessa.ts), so the printed boleto and the
    // bank's record name it alike; the instruction below says which instalment it is.
    documentNumber: String(charge.id),
    issuedOn: todayInBrasilia(charge.createdAt),
    beneficiary: { name: beneficiary.name, document: maskCnpj(store.cpfCnpj) },
    payer: {
      name: scope.person.name,
      document: maskCpfCnpj(scope.person.cpfCnpj),
      address: payerAddress(scope.person),
    },
    instructions: [
      `Acordo ${agreement.id} com ${store.tradeName}: ${instalmentName(label)}, vencimento ${formatBrDate(charge.dueDate)}.`,
      'Pague pelo código de barras ou pelo PIX abaixo: os dois quitam a mesma parcela.',
    ],
    pixCode: charge.pixCode,
  };
}
