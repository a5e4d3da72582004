import { type PaymentsAnswer, paymentsByDay, receivedPaymentMethod } from '@portal/domain';
import type { Db } from '../../db/client';
import {
  listReceivedMoney,
  listStoreOptions,
  type ReceivedMoneyFilters,
} from '../../repositories/agreement-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/**
 * GET /api/gestao/pagamentos (issue 18 item 3): the money the scope received on the period's Brasília days, by day
 * and method (PIX, boleto, card, second copy) with the totals, and the stores the filter offers.
 */
export async function listPaymentsReceived(
  db: Db,
  scope: StaffScope,
  filters: ReceivedMoneyFilters,
): Promise<PaymentsAnswer> {
  const [money, lojas] = await Promise.all([
    listReceivedMoney(db, scope, filters),
    listStoreOptions(db, scope),
  ]);
  const { days, totals } = paymentsByDay(
    money.map((row) => ({ day: row.day, method: receivedPaymentMethod(row), amountCents: row.amountCents })),
  );
  return { data: days, totais: totals, lojas };
}
