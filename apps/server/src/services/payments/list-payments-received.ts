import { type PaymentsAnswer, paymentsByDay, receivedMoneyColumn } from '@portal/domain';
import type { Db } from '../../db/client';
import {
  listReceivedMoney,
  listReversedCardMoney,
  listStoreOptions,
  type ReceivedMoneyFilters,
} from '../../repositories/agreement-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/**
 * GET /api/gestao/pagamentos (issue 18 item 3; decision 053): the money the scope received on the period's Brasília
 * days, by day and method (PIX, boleto, card, second copy), the money that paid no instalment apart (not applied),
 * and the paid cards' money given back on the day it was recorded, off the day's total; with the totals, and the
 * stores the filter offers.
 */
export async function listPaymentsReceived(
  db: Db,
  scope: StaffScope,
  filters: ReceivedMoneyFilters,
): Promise<PaymentsAnswer> {
  const [money, reversed, lojas] = await Promise.all([
    listReceivedMoney(db, scope, filters),
    listReversedCardMoney(db, scope, filters),
    listStoreOptions(db, scope),
  ]);
  const { days, totals } = paymentsByDay([
    ...money.map((row) => ({ day: row.day, column: receivedMoneyColumn(row), amountCents: row.amountCents })),
    ...reversed.map((row) => ({ day: row.day, column: 'reversed' as const, amountCents: row.amountCents })),
  ]);
  return { data: days, totais: totals, lojas };
}
