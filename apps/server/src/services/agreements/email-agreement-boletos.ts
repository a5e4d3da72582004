import { boletoEmailText, formatBrDate, formatMoney, instalmentLabel, SENT_MESSAGES } from '@portal/domain';
import { agreementBoletosEmail } from '../../integrations/mail/agreement-templates';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import { agreementBoletosPdf } from './agreement-boletos-pdf';
import { countDailySend, emailOnFile, type SendingDeps } from './agreement-sending';
import { findIssuedBoletos } from './issued-boletos';

/**
 * mail/envioPortal, boleto variant (spec 001 §7 "Send e-mail ... Boleto variant"): the ticked boletos to the session
 * person's e-mail on file, in one e-mail with the partner's textEmailBoleto ({nome} the first name) and the same PDF
 * the download gives, attached and kept with the message so a retry sends the same bytes.
 */
export async function emailAgreementBoletos(
  deps: SendingDeps,
  scope: DebtScope,
  instalmentIds: readonly number[],
): Promise<string> {
  const { db } = deps;
  const to = emailOnFile(scope);
  const boletos = await findIssuedBoletos(db, scope, instalmentIds);
  const [{ name, pdf }, customization] = await Promise.all([
    agreementBoletosPdf(db, scope, instalmentIds),
    loadPartnerCustomization(db, scope.partner),
  ]);
  await countDailySend(deps, scope, 'email');
  await enqueueEmail(db, {
    partnerId: scope.partnerId,
    personId: scope.personId,
    to,
    email: agreementBoletosEmail({
      partnerName: scope.partner.name,
      text: boletoEmailText(customization.myAgreements?.textEmailBoleto, scope.person.name),
      boletos: boletos.map(({ view, instalment, charge }) => ({
        storeName: view.store.tradeName,
        label: instalmentLabel(instalment.number, view.agreement.instalmentCount),
        dueDate: formatBrDate(charge.dueDate),
        amount: formatMoney(charge.amountCents),
        // findIssuedBoletos keeps boleto charges only, and a boleto charge has its line.
        digitableLine: charge.digitableLine!,
      })),
    }),
    attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }],
  });
  return SENT_MESSAGES.email;
}
