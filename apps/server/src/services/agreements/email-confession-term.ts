import { firstName, formatMoney, SENT_MESSAGES } from '@portal/domain';
import { RELEASE_SENTENCE } from '../../integrations/documents/confession-term-pdf';
import { confessionTermEmail } from '../../integrations/mail/agreement-templates';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { countDailySend, emailOnFile, type SendingDeps } from './agreement-sending';
import { confessionTermPdf } from './confession-term-pdf';

/**
 * mail/envioPortal with termo S (spec 001 §7 "Send e-mail", §5 "Confession term by e-mail needs an e-mail on file"):
 * the agreement's confession term PDF to the session person's e-mail on file, where the partner offers the term.
 */
export async function emailConfessionTerm(
  deps: SendingDeps,
  scope: DebtScope,
  agreementId: number,
): Promise<string> {
  const to = emailOnFile(scope);
  const { name, pdf, view } = await confessionTermPdf(deps.db, scope, agreementId);
  await countDailySend(deps, scope, 'email');
  await enqueueEmail(deps.db, {
    partnerId: scope.partnerId,
    personId: scope.personId,
    to,
    email: confessionTermEmail({
      partnerName: scope.partner.name,
      firstName: firstName(scope.person.name),
      agreementId: view.agreement.id,
      storeName: view.store.tradeName,
      total: formatMoney(view.agreement.totalCents),
      releaseSentence: RELEASE_SENTENCE,
    }),
    attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }],
  });
  return SENT_MESSAGES.email;
}
