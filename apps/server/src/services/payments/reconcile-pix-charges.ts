import { todayInBrasilia } from '@portal/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Cobv, type PixApiClient, PixApiError } from '../../integrations/payments/pix-api/client';
import { cobvUnderKey, type PixGateway, sameKey } from '../../integrations/payments/pix-api/cobv-provider';
import { recordChargeCancelled } from '../../repositories/payment-repository';
import { type OpenPix, type OpenPixFilter, openPixCharges } from '../../repositories/pix-charge-repository';
import { openSecondCopyPix, recordSecondCopyCancelled } from '../../repositories/second-copy-repository';
import { keptUnapplied } from './record-instalment-payment';
import { type PaymentsLog, type PixOutcome, recordPixPayments } from './record-pix-payments';

/** The PIX reconciliation asks about, in this order: the agreements' charges, then second copies (decision 025). */
const SOURCES = ['charges', 'copies'] as const;
type Source = (typeof SOURCES)[number];

/** Where a run stopped at its time limit: the source it was paging and the last id asked there. */
export interface ReconcileCursor {
  source: Source;
  afterId: number;
}

const cursorSchema = z.object({ source: z.enum(SOURCES), afterId: z.number().int().nonnegative() });

/** A cursor kept between runs (the scheduler's row, JSON); anything else starts from the beginning. */
export function reconcileCursorOf(value: unknown): ReconcileCursor | undefined {
  const parsed = cursorSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Each source's open PIX a page at a time, and how it records one that no longer takes payment. */
const PAGERS: Record<
  Source,
  {
    page(db: Db, filter: OpenPixFilter): Promise<OpenPix[]>;
    close(db: Db, id: number, cause: string): Promise<unknown>;
  }
> = {
  charges: { page: openPixCharges, close: recordChargeCancelled },
  copies: { page: openSecondCopyPix, close: recordSecondCopyCancelled },
};

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
  /** Where a previous run stopped at its time limit: this one goes on after it. */
  startAfter?: ReconcileCursor;
  now?: Date;
  /** The clock of the time limit (`now` is the business instant, pinned in tests). */
  clock?: () => number;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  unapplied: number;
  /**
   * PIX the PSP no longer has open (404, or removed), and superseded PIX removed now (a copy's, a charge's whose
   * instalment was paid another way): recorded cancelled, never asked about again.
   */
  closed: number;
  /** Open PIX whose cobv carried a key the store no longer has, revised at the PSP to the store's key (decision 102). */
  revised: number;
  failed: number;
  /** Charges not asked this run because their store's PSP had already failed in it. */
  skipped: number;
  /** Where the run stopped at its time limit (the next run starts after it); null when done. */
  resumeAfter: ReconcileCursor | null;
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
 * Asks the PSP about every PIX still open (no payment, not cancelled) that is past due or older than
 * `afterMinutes`, and, whenever issued, every charge whose instalment was paid another way (a boleto, a card) and
 * every copy paid by its boleto (in full or short) or superseded, with its PIX not recorded, a page at a time: the
 * agreements' charges, then the second copies'. A CONCLUIDA charge's pix[] is
 * recorded exactly as its webhook would have (same cause, the same use case: an instalment's payment or a copy's),
 * so a lost webhook is caught in one run and a webhook arriving too makes no second payment (issue 17 item 4); the
 * PIX of an instalment paid another way is money received all the same, kept as unapplied. A
 * PIX the PSP no longer has open is recorded cancelled with why, so it is not asked about again; a superseded one
 * still open (a charge's or a copy's whose instalment was paid another way, a copy's whose cancellation failed when
 * a newer copy or an agreement came) is removed now (cause `reconcile:<why>`), so it can no longer be paid. One still
 * open under a key its store no longer has is revised to the store's key (decision 102). A store whose PSP
 * fails is not asked again in the same run, and a run stops at `maxRunMs`, handing back where it stopped.
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
    revised: 0,
    failed: 0,
    skipped: 0,
    resumeAfter: null,
  };
  const failedStores = new Set<number>();
  const start = options.startAfter ?? { source: SOURCES[0], afterId: 0 };
  for (const source of SOURCES.slice(SOURCES.indexOf(start.source))) {
    const pager = PAGERS[source];
    let afterId = source === start.source ? start.afterId : 0;
    for (;;) {
      const page = await pager.page(db, {
        providers: options.providers,
        // "Past due": due before today in Brasília, so a charge due today is not asked about all day long.
        dueBefore: todayInBrasilia(now),
        issuedBefore: new Date(now.getTime() - options.afterMinutes * 60_000),
        afterId,
        limit: options.pageSize ?? PAGE_SIZE,
      });
      if (page.length === 0) break;
      for (const open of page) {
        if (clock() >= deadline) {
          report.resumeAfter = { source, afterId };
          log.warn({ resumeAfter: report.resumeAfter }, 'PIX reconciliation reached its time limit');
          return report;
        }
        afterId = open.id;
        if (failedStores.has(open.storeId)) {
          report.skipped++;
          continue;
        }
        report.checked++;
        let outcomes: PixOutcome[];
        try {
          const gateway = await options.gatewayFor(open.storeId);
          const { client } = gateway;
          const cobv = await readCobv(client, open.txid);
          if (
            !cobv ||
            cobv.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' ||
            cobv.status === 'REMOVIDA_PELO_PSP'
          ) {
            await pager.close(db, open.id, `reconcile:psp:${cobv?.status ?? '404'}`);
            report.closed++;
            continue;
          }
          if (cobv.status === 'ATIVA' && open.superseded) {
            await client.cancelCobv(open.txid);
            await pager.close(db, open.id, `reconcile:${open.superseded}`);
            report.closed++;
            continue;
          }
          if (cobv.status === 'ATIVA' && !sameKey(cobv.chave, gateway.key)) {
            // Issued before a save changed the store's key: it follows the key, whose webhook is registered first.
            await gateway.registerWebhook();
            await cobvUnderKey(client, cobv, gateway.key);
            log.warn(
              { source, id: open.id },
              "PIX charge under a key its store no longer has revised to the store's key",
            );
            report.revised++;
            continue;
          }
          if (cobv.status !== 'CONCLUIDA' || !cobv.pix?.length) continue;
          outcomes = await recordPixPayments(
            db,
            open.storeId,
            cobv.pix.map((pix) => ({ ...pix, txid: pix.txid ?? cobv.txid })),
            log,
          );
        } catch (error) {
          // One PSP down does not stop the others, nor is it waited on again for each of its charges; the next
          // run asks again.
          log.error({ err: error, source, id: open.id }, 'PIX reconciliation could not read a charge');
          failedStores.add(open.storeId);
          report.failed++;
          continue;
        }
        report.paid += outcomes.filter((o) => o === 'paid').length;
        report.unapplied += outcomes.filter(keptUnapplied).length;
      }
    }
  }
  return report;
}
