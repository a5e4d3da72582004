import {
  formatBrDate,
  formatMoney,
  instalmentLabel,
  instalmentName,
  onlyDigits,
  SENT_MESSAGES,
  SMS_PHONE_DIGITS,
} from '@portal/domain';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueSms } from '../../repositories/outbox-repository';
import { withTransaction } from '../../repositories/transaction';
import { countDailySend, type SendingDeps } from './agreement-sending';
import { findIssuedBoletos } from './issued-boletos';

/**
 * negociacao_robo/enviar_boletos_sms (spec 001 §7 "Send boletos by SMS"): one SMS per ticked boleto with its line and
 * PIX code, to a phone of the person's own: the one on file or the one confirmed with the agreement. The text comes
 * from the stored charges, never from the request.
 */
export async function smsAgreementBoletos(
  deps: SendingDeps,
  scope: DebtScope,
  input: { instalmentIds: readonly number[]; phone: string },
): Promise<string> {
  const phone = onlyDigits(input.phone);
  // Spec 001 §5 lets the legacy client send on with a bad phone; the server refuses it with the same message.
  if (phone.length !== SMS_PHONE_DIGITS) throw new AppError('INVALID_PHONE');
  const boletos = await findIssuedBoletos(deps.db, scope, input.instalmentIds);
  const ownPhones = [scope.person.phone, ...boletos.map((b) => b.view.agreement.phone)].map((p) =>
    onlyDigits(p ?? ''),
  );
  if (!ownPhones.includes(phone)) throw new AppError('PHONE_NOT_ON_FILE');
  await countDailySend(deps, scope, 'sms');
  await withTransaction(deps.db, async (tx) => {
    for (const { view, instalment, charge } of boletos)
      await enqueueSms(tx, {
        partnerId: scope.partnerId,
        personId: scope.personId,
        phoneDigits: phone,
        template: 'agreement-boleto',
        text:
          `${view.store.tradeName}: ${instalmentName(instalmentLabel(instalment.number, view.agreement.instalmentCount))} ` +
          `do acordo ${view.agreement.id}, vencimento ${formatBrDate(charge.dueDate)}, ` +
          `${formatMoney(charge.amountCents)}. Linha digitavel: ${charge.digitableLine} ` +
          `PIX copia e cola: ${charge.pixCode}`,
      });
  });
  return SENT_MESSAGES.sms;
}
