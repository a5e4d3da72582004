import { firstName, isFullyPaid } from '@portal/domain';
import type { Db } from '../../db/client';
import { dischargeLetterEmail } from '../../integrations/mail/lifecycle-templates';
import {
  changeAgreementStatus,
  loadAgreementParties,
  loadInstalmentStates,
  lockAgreement,
} from '../../repositories/lifecycle-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { withTransaction } from '../../repositories/transaction';
import { agreementEmail, dischargeLetterPdf } from './discharge-letter';

/**
 * Settles an active agreement once every instalment has a payment event (issue 17 item 5): the status event, the
 * agreements.status cache (which frees its contracts) and the discharge letter e-mail in one transaction, so the
 * letter is queued exactly once, by whichever caller flips the status. Call it right after recordPayment, in the
 * payment's transaction or after it, with the payment's cause; true when it settled the agreement now.
 */
export async function settleIfFullyPaid(db: Db, agreementId: number, cause: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    // The row lock orders two last payments recorded at once: the second to take it sees the first one's event.
    const agreement = await lockAgreement(tx, agreementId);
    if (agreement?.status !== 'active' || !isFullyPaid(await loadInstalmentStates(tx, agreementId)))
      return false;
    await changeAgreementStatus(tx, agreement, 'settled', cause);
    const parties = (await loadAgreementParties(tx, agreementId))!;
    const to = agreementEmail(parties);
    if (to) {
      const { name, pdf } = await dischargeLetterPdf(tx, parties);
      await enqueueEmail(tx, {
        partnerId: agreement.partnerId,
        personId: agreement.personId,
        to,
        email: dischargeLetterEmail({
          partnerName: parties.partner.name,
          firstName: firstName(parties.person.name),
          agreementId,
          storeName: parties.store.tradeName,
        }),
        attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }],
      });
    }
    return true;
  });
}
