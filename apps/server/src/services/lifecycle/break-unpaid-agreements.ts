import { firstName, formatBrDate, isEntryBroken } from '@portal/domain';
import type { Db } from '../../db/client';
import { brokenAgreementEmail } from '../../integrations/mail/lifecycle-templates';
import {
  changeAgreementStatus,
  findUnpaidEntries,
  loadAgreementParties,
  loadInstalmentStates,
  lockAgreement,
} from '../../repositories/lifecycle-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { withTransaction } from '../../repositories/transaction';
import type { JobContext } from '../../scheduler/scheduled-job';
import { cancelOpenCharges } from './cancel-open-charges';
import { agreementEmail } from './discharge-letter';

/**
 * Breaks one agreement whose entry is still unpaid past its store's tolerance on `date`, checked again under the
 * agreement's row lock (a payment recorded meanwhile wins): the status event active→cancelled, which frees its
 * contracts for a new agreement, and the e-mail telling the person why, in one transaction. Payment events stay.
 */
async function breakAgreement(db: Db, agreementId: number, date: string, cause: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    if (agreement?.status !== 'active') return false;
    const parties = (await loadAgreementParties(tx, agreementId))!;
    const [entry] = await loadInstalmentStates(tx, agreementId);
    const tolerance = parties.store.breakToleranceDays;
    if (entry?.number !== 0 || !isEntryBroken(entry, tolerance, date)) return false;
    await changeAgreementStatus(tx, agreement, 'cancelled', cause);
    const to = agreementEmail(parties);
    if (to)
      await enqueueEmail(tx, {
        partnerId: agreement.partnerId,
        personId: agreement.personId,
        to,
        email: brokenAgreementEmail({
          partnerName: parties.partner.name,
          firstName: firstName(parties.person.name),
          agreementId,
          storeName: parties.store.tradeName,
          entryDueDate: formatBrDate(entry.dueDate),
          toleranceDays: tolerance,
        }),
      });
    return true;
  });
}

/**
 * The daily broken-agreement job (issue 17 item 5), cause `job:broken:{date}`: breaks the agreements whose entry
 * stayed unpaid past the store's tolerance, then asks each store's provider to cancel the open charges of cancelled
 * agreements (after the status is committed: a provider call never runs inside a transaction). A cancellation that
 * fails is left open and asked again on the next run.
 */
export async function breakUnpaidAgreements({ db, date, providers, log }: JobContext): Promise<void> {
  const cause = `job:broken:${date}`;
  for (const entry of await findUnpaidEntries(db, date))
    if (
      isEntryBroken({ dueDate: entry.dueDate, payment: null }, entry.toleranceDays, date) &&
      (await breakAgreement(db, entry.agreementId, date, cause))
    )
      log.info({ agreementId: entry.agreementId, date }, 'agreement broken: entry unpaid past the tolerance');
  await cancelOpenCharges(db, providers, log, cause);
}
