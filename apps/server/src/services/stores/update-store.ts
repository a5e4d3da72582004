import {
  addDays,
  CHARGE_DAYS_PAYABLE_AFTER_DUE,
  STORE_MESSAGES,
  type StoreForm,
  type StoreItem,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { changedBoletoIdentity, storeHasOpenBoletoCharge } from '../../repositories/cnab-repository';
import { storeHasPayableSecondCopyBoleto } from '../../repositories/second-copy-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  findStaffStore,
  lockStore,
  replaceStoreLinks,
  type StaffStoreRow,
  type StoreValues,
  updateStore as updateStoreRow,
  withUniqueDocument,
} from '../../repositories/store-admin-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStoreItem } from './list-stores';
import { PAYEE_FIELDS, storeLinks, storeValues, writtenStore } from './store-writer';

/**
 * Refuses (409) a change to the boleto identity while the store has a boleto that may still be paid: the bank's
 * retorno of it names the old values, which then match no store, and the debtor's money is never applied
 * (decision 086). Under the store's lock: a charge or copy inserted meanwhile (its foreign key) waits for the save.
 */
async function keepsBoletoIdentity(db: Db, values: StoreValues, current: StaffStoreRow): Promise<void> {
  const changed = changedBoletoIdentity(current.store, values);
  if (!changed) return;
  const payableSince = addDays(todayInBrasilia(), -CHARGE_DAYS_PAYABLE_AFTER_DUE);
  if (
    (await storeHasOpenBoletoCharge(db, current.store.id)) ||
    (await storeHasPayableSecondCopyBoleto(db, current.store.id, payableSince))
  )
    throw new AppError('STORE_PAYEE_BOLETOS_OPEN', {
      [PAYEE_FIELDS[changed]]: STORE_MESSAGES.payeeBoletosOpen,
    });
}

/**
 * PUT /api/lojas/{id}: the whole store, its links to the caller's partners (an operator leaves other partners'
 * links alone) and its policy; the next plan quoted for its debts uses the new policy. Audited before and after,
 * in the change's transaction. Its boleto identity is kept while boletos issued under it are open (decision 086).
 */
export async function updateStore(
  db: Db,
  scope: StaffScope,
  trail: AuditTrail,
  id: number,
  form: StoreForm,
): Promise<StoreItem> {
  return withUniqueDocument(() =>
    withTransaction(db, async (tx) => {
      await lockStore(tx, id);
      const current = await findStaffStore(tx, scope, id);
      if (!current) throw new AppError('STORE_NOT_FOUND');
      // A form opened before another's save would write back what that save changed (decision 088).
      if (form.versao !== undefined && form.versao !== current.store.version)
        throw new AppError('STORE_CHANGED_MEANWHILE');
      const links = await storeLinks(tx, scope, form);
      const values = await storeValues(tx, scope, form, current);
      await keepsBoletoIdentity(tx, values, current);
      await updateStoreRow(tx, id, values);
      await replaceStoreLinks(tx, scope, id, links);
      const after = await writtenStore(tx, scope, id);
      await recordStaffAction(tx, trail, {
        entity: 'store',
        entityId: id,
        before: toStoreItem(current),
        after,
      });
      return after;
    }),
  );
}
