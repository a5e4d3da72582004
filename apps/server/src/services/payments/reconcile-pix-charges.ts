import { todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import type { PixGateway } from '../../integrations/payments/pix-api/cobv-provider';
import { openPixCharges } from '../../repositories/pix-charge-repository';
import { type PaymentsLog, type PixOutcome, recordPixPayments } from './record-pix-payments';

export interface ReconcileOptions {
  /** Providers whose charges are cobv at a PSP. */
  providers: readonly string[];
  gatewayFor(storeId: number): Promise<PixGateway>;
  /** A charge issued longer ago than this is asked about even before its due date. */
  afterMinutes: number;
  /** Charges asked about per run (oldest first); the next run takes the rest. */
  limit?: number;
  now?: Date;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  unapplied: number;
  failed: number;
}

/**
 * Asks the PSP about PIX charges still open (no payment, not cancelled) that are past due or older than
 * `afterMinutes`: a CONCLUIDA charge's pix[] is recorded exactly as its webhook would have (same cause), so a lost
 * webhook is caught in one run and a webhook arriving too makes no second payment (issue 17 item 4).
 */
export async function reconcilePixCharges(
  db: Db,
  options: ReconcileOptions,
  log: PaymentsLog,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const charges = await openPixCharges(db, {
    providers: options.providers,
    // "Past due": due before today in Brasília, so a charge due today is not asked about all day long.
    dueBefore: todayInBrasilia(now),
    issuedBefore: new Date(now.getTime() - options.afterMinutes * 60_000),
    limit: options.limit ?? 500,
  });
  const report: ReconcileReport = { checked: charges.length, paid: 0, unapplied: 0, failed: 0 };
  for (const charge of charges) {
    let outcomes: PixOutcome[];
    try {
      const { client } = await options.gatewayFor(charge.storeId);
      const cobv = await client.getCobv(charge.txid!);
      if (cobv.status !== 'CONCLUIDA' || !cobv.pix?.length) continue;
      outcomes = await recordPixPayments(
        db,
        charge.storeId,
        cobv.pix.map((pix) => ({ ...pix, txid: pix.txid ?? cobv.txid })),
        log,
      );
    } catch (error) {
      // One PSP down does not stop the others; the next run asks again.
      log.error({ err: error, chargeId: charge.id }, 'PIX reconciliation could not read a charge');
      report.failed++;
      continue;
    }
    report.paid += outcomes.filter((o) => o === 'paid').length;
    report.unapplied += outcomes.filter((o) => o === 'unapplied').length;
  }
  return report;
}
