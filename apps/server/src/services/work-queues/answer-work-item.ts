import {
  counterOfferDebtIssue,
  firstName,
  formatMoney,
  WORK_QUEUE_MESSAGES,
  WORK_QUEUES,
  type WorkItem,
  type WorkQueueKey,
  workAnswerSchema,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, type AppErrorCode, ruleError } from '../../errors';
import { workAnswerEmail } from '../../integrations/mail/work-queue-templates';
import { enqueueEmail } from '../../repositories/outbox-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeWorkItem } from './change-work-item';
import { workItemDebt } from './work-item-debt';

const COUNTER_OFFER_DEBT_ERRORS: AppErrorCode[] = [
  'WORK_COUNTER_OFFER_ENTRY_ABOVE_DEBT',
  'WORK_COUNTER_OFFER_WITHOUT_DEBT',
  'WORK_COUNTER_OFFER_UNDER_AGREEMENT',
];

/**
 * Answers an item (issue 18 item 4): the staff member's text is stored and e-mailed to the person through the
 * outbox, in the same transaction as the status change, so an answer is never recorded without its e-mail nor sent
 * twice (a second answer finds the item answered and is refused). A proposal may be answered with a counter-offer,
 * which the person then sees on their debts; it is checked against what the person owes there now (decision 044).
 * A person without an e-mail address still gets the answer recorded.
 */
export async function answerWorkItem(
  db: Db,
  trail: AuditTrail,
  queue: WorkQueueKey,
  id: number,
  input: unknown,
): Promise<{ message: string; data: WorkItem }> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const answer = workAnswerSchema.parse(input);
  if (answer.counterOffer && queue !== 'propostas') throw new AppError('WORK_COUNTER_OFFER_NOT_ALLOWED');
  const { after, change } = await changeWorkItem(db, trail, queue, id, 'answer', async (tx, item) => {
    const offer = answer.counterOffer;
    const debt = offer && (await workItemDebt(tx, item));
    const issue = offer && debt && counterOfferDebtIssue(offer, debt);
    if (issue) throw ruleError(COUNTER_OFFER_DEBT_ERRORS, issue);
    const answerMessageId = item.email
      ? await enqueueEmail(tx, {
          partnerId: item.partnerId,
          // A debtor's request is answered at their e-mail on file, a contact message at the address its sender
          // typed: it names the sender when they sent it logged in, nobody otherwise (docs/decisions/054).
          personId: item.personId,
          to: item.email,
          email: workAnswerEmail({
            partnerName: item.partnerName,
            firstName: firstName(item.name),
            subject: WORK_QUEUES[queue].answerSubject,
            protocol: item.protocol,
            answer: answer.text,
            counterOffer: offer
              ? `entrada de ${formatMoney(offer.entryCents)} e ${offer.instalmentCount} parcela(s) de ${formatMoney(offer.instalmentCents)}`
              : null,
          }),
        })
      : null;
    return {
      status: 'answered',
      answerText: answer.text,
      answeredBy: trail.staff.userId,
      answerMessageId,
      counterOffer: offer,
      ...(item.assigneeId === null ? { assignedTo: trail.staff.userId } : {}),
    };
  });
  return {
    message: change.answerMessageId ? WORK_QUEUE_MESSAGES.answered : WORK_QUEUE_MESSAGES.answeredWithoutEmail,
    data: after,
  };
}
