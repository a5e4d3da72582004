import {
  firstIssue,
  formatBrDate,
  formatMoney,
  onlyDigits,
  SENT_MESSAGES,
  secondCopySendSchema,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { secondCopyEmail } from '../../integrations/mail/templates';
import { findStore } from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail, enqueueSms } from '../../repositories/outbox-repository';
import { findPayableSecondCopy } from './issue-second-copies';

/**
 * enviar_email_sms (spec 001 §7 "Send second copy by SMS or e-mail"): the linha digitável and PIX code of one of
 * the session person's second copies, to the phone or e-mail they typed. The text comes from the stored boleto,
 * never from the request, so the call cannot send anything else; a copy that can no longer be paid is not sent.
 */
export async function sendSecondCopy(
  db: Db,
  scope: DebtScope,
  input: { secondCopyId: number; channel: 'sms' | 'email'; address: string },
): Promise<string> {
  const copy = await findPayableSecondCopy(db, scope, input.secondCopyId);
  const store = await findStore(db, copy.storeId);
  const storeName = store!.tradeName;
  const amount = formatMoney(copy.amountCents);
  const due = formatBrDate(copy.dueDate);
  const checked = firstIssue(secondCopySendSchema, {
    tipoEnvio: input.channel,
    enderecoEnvio: input.address,
  });
  if (!checked.ok) throw new AppError(input.channel === 'sms' ? 'INVALID_PHONE' : 'INVALID_EMAIL');
  if (input.channel === 'sms') {
    const phone = onlyDigits(input.address);
    await enqueueSms(db, {
      partnerId: scope.partner.id,
      personId: scope.personId,
      phoneDigits: phone,
      template: 'second-copy',
      text: `${storeName}: 2a via, vencimento ${due}, ${amount}. Linha digitavel: ${copy.digitableLine} PIX copia e cola: ${copy.pixCode}`,
    });
    return SENT_MESSAGES.sms;
  }
  const email = input.address.trim();
  await enqueueEmail(db, {
    partnerId: scope.partner.id,
    personId: scope.personId,
    to: email,
    email: secondCopyEmail({
      partnerName: scope.partner.name,
      storeName,
      dueDate: due,
      amount,
      digitableLine: copy.digitableLine,
      pixCode: copy.pixCode,
    }),
  });
  return SENT_MESSAGES.email;
}
