import { todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import { type Cobv, type PixApiClient, PixApiError } from '../../integrations/payments/pix-api/client';
import type { PixGateway } from '../../integrations/payments/pix-api/cobv-provider';
import { recordChargeCancelled } from '../../repositories/payment-repository';
import { openPixCharges } from '../../repositories/pix-charge-repository';
import { type PaymentsLog, type PixOutcome, recordPixPayments } from './record-pix-payments';

export interface ReconcileOptions {
  /** Providers whose charges are cobv at a PSP. */
  providers: readonly string[];
  gatewayFor(storeId: number): Promise<PixGateway>;
  /** A charge issued longer ago than this is asked about even before its due date. */
  afterMinutes: number;
  /** Open charges read per query; a run pages through all of them. */
  pageSize?: number;
  /** How long one run may ask: the scheduler runs its jobs one after another, so a slow PSP must not hold them. */
  maxRunMs?: number;
  /** Where a previous run stopped at its time limit (a charge id): this one goes on after it. */
  startAfter?: number;
  now?: Date;
  /** The clock of the time limit (`now` is the business instant, pinned in tests). */
  clock?: () => number;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  unapplied: number;
  /** Charges the PSP no longer has open (404, or removed): recorded cancelled, never asked about again. */
  closed: number;
  failed: number;
  /** Charges not asked this run because their store's PSP had already failed in it. */
  skipped: number;
  /** The last charge asked when the run reached its time limit (the next run starts after it); null when done. */
  resumeAfter: number | null;
}

const PAGE_SIZE = 200;
/** Under the job's 5-minute period, and many times a PSP call's own timeout. */
const MAX_RUN_MS = 2 * 60_000;

/** The charge as the PSP has it; null when the PSP does not know it (404). */
async function readCobv(client: PixApiClient, txid: string): Promise<Cobv | null> {
  return client.getCobv(txid).catch((error: unknown) => {
    if (error instanceof PixApiError && error.status === 404) return null;
    throw error;
  });
}

/**
 * Asks the PSP about every PIX charge still open (no payment, not cancelled) that is past due or older than
 * `afterMinutes`, a page at a time: a CONCLUIDA charge's pix[] is recorded exactly as its webhook would have (same
 * cause), so a lost webhook is caught in one run and a webhook arriving too makes no second payment (issue 17 item
 * 4). A charge the PSP no longer has open is recorded cancelled with why, so it is not asked about again. A store
 * whose PSP fails is not asked again in the same run, and a run stops at `maxRunMs`, handing back where it stopped.
 */
export async function reconcilePixCharges(
  db: Db,
  options: ReconcileOptions,
  log: PaymentsLog,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const clock = options.clock ?? Date.now;
  const deadline = clock() + (options.maxRunMs ?? MAX_RUN_MS);
  const report: ReconcileReport = {
    checked: 0,
    paid: 0,
    unapplied: 0,
    closed: 0,
    failed: 0,
    skipped: 0,
    resumeAfter: null,
  };
  const failedStores = new Set<number>();
  let afterId = options.startAfter ?? 0;
  for (;;) {
    const page = await openPixCharges(db, {
      providers: options.providers,
      // "Past due": due before today in Brasília, so a charge due today is not asked about all day long.
      dueBefore: todayInBrasilia(now),
      issuedBefore: new Date(now.getTime() - options.afterMinutes * 60_000),
      afterId,
      limit: options.pageSize ?? PAGE_SIZE,
    });
    if (page.length === 0) return report;
    for (const charge of page) {
      if (clock() >= deadline) {
        log.warn({ resumeAfter: afterId }, 'PIX reconciliation reached its time limit');
        report.resumeAfter = afterId;
        return report;
      }
      afterId = charge.id;
      if (failedStores.has(charge.storeId)) {
        report.skipped++;
        continue;
      }
      report.checked++;
      let outcomes: PixOutcome[];
      try {
        const { client } = await options.gatewayFor(charge.storeId);
        const cobv = await readCobv(client, charge.txid!);
        if (
          !cobv ||
          cobv.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' ||
          cobv.status === 'REMOVIDA_PELO_PSP'
        ) {
          await recordChargeCancelled(db, charge.id, `reconcile:psp:${cobv?.status ?? '404'}`);
          report.closed++;
          continue;
        }
        if (cobv.status !== 'CONCLUIDA' || !cobv.pix?.length) continue;
        outcomes = await recordPixPayments(
          db,
          charge.storeId,
          cobv.pix.map((pix) => ({ ...pix, txid: pix.txid ?? cobv.txid })),
          log,
        );
      } catch (error) {
        // One PSP down does not stop the others, nor is it waited on again for each of its charges; the next run
        // asks again.
        log.error({ err: error, chargeId: charge.id }, 'PIX reconciliation could not read a charge');
        failedStores.add(charge.storeId);
        report.failed++;
        continue;
      }
      report.paid += outcomes.filter((o) => o === 'paid').length;
      report.unapplied += outcomes.filter((o) => o === 'unapplied').length;
    }
  }
}
