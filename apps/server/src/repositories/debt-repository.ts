import { and, asc, count, eq, gte, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import {
  agreementContracts,
  agreementCoveredInstalments,
  agreements,
  contracts,
  debtorRequests,
  debtViewEpoch,
  files,
  instalments,
  partnerStores,
  secondCopies,
  secondCopyCancellations,
  secondCopyPayments,
  stores,
} from '../db/schema';
import type { DebtorScope } from './debtor-scope';
import { findRepeatedRequest } from './repeated-request';
import { lockUntilCommit } from './transaction';

export type StoreRow = typeof stores.$inferSelect;

export interface DebtInstalmentRow {
  id: number;
  number: number;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  futureEntry: boolean;
  /** instalmentOwed: false when a second copy of it was paid here (the row stays listed, shown paid). */
  owed: boolean;
}

export interface DebtContractRow {
  id: number;
  number: string;
  note: string | null;
  origin: string | null;
  reference: string | null;
  instalments: DebtInstalmentRow[];
}

export interface StoreDebtRows {
  store: StoreRow;
  logoUrl: string | null;
  negotiates: boolean;
  contracts: DebtContractRow[];
}

/**
 * The instalment (a row of instalments, which the query reads) is not one a settled agreement discharged: no longer
 * owed (its discharge letter says so) until the creditor's next import marks it paid (decisions 022, 095). Only what
 * the agreement covered (agreement_covered_instalments) is discharged: future entries its plan left out and
 * instalments imported later stay owed. A settled agreement without covered rows (saveAgreement writes them, migration
 * 0032 filled in the older ones: only one written by hand has none) discharges its contracts whole, as before. Probes
 * the partial index of settled links, then the covered rows' primary key (agreement, instalment). Qualified by hand,
 * as it also serves a query of instalments alone (recordCoveredInstalments).
 */
export const notDischarged = sql`not exists (select 1 from ${agreementContracts} ac
  where ac.contract_id = ${instalments}.contract_id and ac.agreement_status = 'settled'
    and (exists (select 1 from ${agreementCoveredInstalments} covered
        where covered.aco_codigo = ac.aco_codigo and covered.instalment_id = ${instalments}.id)
      or not exists (select 1 from ${agreementCoveredInstalments} covered where covered.aco_codigo = ac.aco_codigo)))`;

/**
 * Whether any of these contracts has an instalment a settled agreement discharged and the creditor's file still lists
 * unpaid (decision 095): the stage calculator, which prices whole contracts from its own portfolio, would price it.
 */
export async function hasDischargedUnpaidInstalments(
  db: Db,
  contractIds: readonly number[],
): Promise<boolean> {
  if (contractIds.length === 0) return false;
  const [row] = await db
    .select({ id: instalments.id })
    .from(instalments)
    .where(
      and(inArray(instalments.contractId, [...contractIds]), eq(instalments.paid, false), not(notDischarged)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A second copy's payment (`payment`, a table or alias of second_copy_payments, of the copy `copy` names) that paid
 * nothing because its copy ended short (decision 049): recorded no later than the copy's end by a payment short of its
 * value (`cnab-short:`, `pix-short:`), when the copy's payments by then fell short of its value; or recorded after the
 * copy's end, whatever ended it (short, superseded, removed at the PSP), for less than its value (decision 078: an
 * ended copy is paid only by one payment of its whole value, as its boleto still registered at the bank may be). (A PIX
 * paid short after the copy was paid in full is money beyond its value, decision 061.)
 */
export const endedShortMoney = (
  payment: SQL,
  copy: SQL,
) => sql<boolean>`exists (select 1 from ${secondCopyCancellations} ended
  where ended.second_copy_id = ${payment}.second_copy_id
    and (((ended.causa like 'cnab-short:%' or ended.causa like 'pix-short:%')
      and ended.created_at >= ${payment}.created_at
      and (select sum(earlier.valor) from ${secondCopyPayments} earlier
        where earlier.second_copy_id = ended.second_copy_id and earlier.created_at <= ended.created_at)
        < ${copy}.valor)
    or (ended.created_at < ${payment}.created_at and ${payment}.valor < ${copy}.valor)))`;

/**
 * The copy `copy` names (a table or an alias) has payments adding up to its value (those recorded before the payment
 * `before` names, when given): its instalment was paid here (decision 025). Money that ended the copy short is not
 * counted (decision 061: it paid nothing, the next copy is issued for the whole value), so a short PIX and a short
 * boleto never add up to a copy paid. Qualified by hand: Drizzle leaves columns unqualified in a single-table query,
 * where they would name a subquery's own.
 */
const copyPaidInFull = (copy: SQL, before?: SQL) => sql`(select coalesce(sum(counted.valor), 0)
  from ${secondCopyPayments} counted where counted.second_copy_id = ${copy}.id
    ${before ? sql`and counted.id < ${before}.id` : sql``}
    and not ${endedShortMoney(sql`counted`, copy)}) >= ${copy}.valor`;

/**
 * Another copy of the instalment of the copy `copy` names had paid it in full before the payment `payment` names
 * was recorded (null: at all): that payment paid nothing (decision 071), whatever copy or channel brought it.
 */
export const paidByAnotherCopy = (
  payment: SQL | null,
  copy: SQL,
) => sql<boolean>`exists (select 1 from ${secondCopies} other
  where other.instalment_id = ${copy}.instalment_id and other.id <> ${copy}.id
    and ${copyPaidInFull(sql`other`, payment ?? undefined)})`;

/** A row of second_copies paid in full, for queries over that table. */
export const secondCopyPaidInFull = copyPaidInFull(sql`${secondCopies}`);

/**
 * The one rule of what is owed (decision 045): an instalment the portfolio has unpaid and no second copy of which was
 * paid in full here. The debt cards, the plans (local and stage calculation), the instalments an agreement covers,
 * passo_1's pending debts and the LGPD export all ask it, so an instalment paid by its copy is never charged again. A
 * copy's payment raises its person's debts_version (migration 0034): a cached listing and a plan quoted before it are
 * never used after it.
 */
export const instalmentOwed = sql<boolean>`(${instalments}.pago = false and not exists (select 1 from ${secondCopies} sc
  where sc.instalment_id = ${instalments}.id and ${copyPaidInFull(sql`sc`)}))`;

/** The debt rows of a person on a partner, of every store or (`oneStore`) of the store asked: built once per database. */
const debtRowsQuery = (oneStore: boolean) =>
  preparedOnce((db) =>
    db
      .select({
        store: stores,
        logoSha: files.sha256,
        logoExtension: files.extension,
        // A store staff switched off negotiates nothing, like a boleto-only one; its debts stay listed.
        negotiates: sql<boolean>`(${partnerStores.negotiates} and ${stores.switchedOffAt} is null)`,
        contractId: contracts.id,
        contractNumber: contracts.number,
        note: contracts.note,
        origin: contracts.origin,
        reference: contracts.reference,
        instalmentId: instalments.id,
        instalmentNumber: instalments.number,
        dueDate: instalments.dueDate,
        amountCents: instalments.amountCents,
        balanceCents: instalments.balanceCents,
        futureEntry: instalments.futureEntry,
        owed: instalmentOwed,
      })
      .from(contracts)
      .innerJoin(
        partnerStores,
        and(
          eq(partnerStores.storeId, contracts.storeId),
          eq(partnerStores.partnerId, sql.placeholder('partnerId')),
        ),
      )
      .innerJoin(stores, eq(stores.id, contracts.storeId))
      .leftJoin(files, eq(files.sha256, stores.logoFile))
      .innerJoin(instalments, eq(instalments.contractId, contracts.id))
      .where(
        and(
          eq(contracts.personId, sql.placeholder('personId')),
          eq(instalments.paid, false),
          notDischarged,
          oneStore ? eq(contracts.storeId, sql.placeholder('storeId')) : undefined,
        ),
      )
      .orderBy(asc(stores.id), asc(contracts.id), asc(instalments.dueDate), asc(instalments.number))
      .prepare(oneStore ? 'debt_rows_of_store' : 'debt_rows'),
  );
const allStoresDebtRows = debtRowsQuery(false);
const oneStoreDebtRows = debtRowsQuery(true);

/** debt_view_epoch as it is now, for a select list: any write to contracts, instalments or stores raised it. */
export const currentDebtEpoch =
  sql<number>`(select ${debtViewEpoch.epoch} from ${debtViewEpoch} where ${debtViewEpoch.id} = 1)`.mapWith(
    Number,
  );

/**
 * The unpaid instalments of one person in the partner's stores (optionally one store), grouped by store and
 * contract. Scoped by the session's partner and person: nothing else can reach another person's debts.
 */
export async function loadStoreDebts(db: Db, scope: DebtorScope, storeId?: number): Promise<StoreDebtRows[]> {
  const ids = { partnerId: scope.partnerId, personId: scope.personId };
  const rows =
    storeId === undefined
      ? await allStoresDebtRows(db).execute(ids)
      : await oneStoreDebtRows(db).execute({ ...ids, storeId });

  const byStore = new Map<number, StoreDebtRows>();
  const byContract = new Map<number, DebtContractRow>();
  for (const row of rows) {
    let store = byStore.get(row.store.id);
    if (!store) {
      store = {
        store: row.store,
        logoUrl: row.logoSha ? `/files/${row.logoSha}.${row.logoExtension}` : null,
        negotiates: row.negotiates,
        contracts: [],
      };
      byStore.set(row.store.id, store);
    }
    let contract = byContract.get(row.contractId);
    if (!contract) {
      contract = {
        id: row.contractId,
        number: row.contractNumber,
        note: row.note,
        origin: row.origin,
        reference: row.reference,
        instalments: [],
      };
      byContract.set(row.contractId, contract);
      store.contracts.push(contract);
    }
    contract.instalments.push({
      id: row.instalmentId,
      number: row.instalmentNumber,
      dueDate: row.dueDate,
      amountCents: row.amountCents,
      balanceCents: row.balanceCents,
      futureEntry: row.futureEntry,
      owed: row.owed,
    });
  }
  return [...byStore.values()];
}

const activeAgreementsQuery = preparedOnce((db) =>
  db
    .select({
      partnerId: agreements.partnerId,
      storeId: agreements.storeId,
      contractId: agreementContracts.contractId,
    })
    .from(agreements)
    .leftJoin(agreementContracts, eq(agreementContracts.agreementId, agreements.id))
    .where(and(eq(agreements.personId, sql.placeholder('personId')), eq(agreements.status, 'active')))
    .prepare('active_agreements'),
);

/** What the person's active agreements cover, whichever partner they were made through. */
export interface ActiveAgreements {
  stores: ReadonlySet<number>;
  contracts: ReadonlySet<number>;
  /**
   * The partners the agreements over each store and each contract were made through: Meus Acordos lists a
   * partner's own agreements only, so a debt agreed through another partner is told apart on this one.
   */
  storePartners: ReadonlyMap<number, ReadonlySet<number>>;
  contractPartners: ReadonlyMap<number, ReadonlySet<number>>;
}

function partnersBy(rows: { partnerId: number; key: number | null }[]): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const { partnerId, key } of rows) {
    if (key === null) continue;
    map.set(key, (map.get(key) ?? new Set()).add(partnerId));
  }
  return map;
}

/**
 * The stores and contracts under an active agreement of the person ('Acordo Ativo', spec 001 §4). Not scoped by
 * partner: a store served by two partners holds one debt, agreed once.
 */
export async function loadActiveAgreements(db: Db, personId: number): Promise<ActiveAgreements> {
  const rows = await activeAgreementsQuery(db).execute({ personId });
  return {
    stores: new Set(rows.map((r) => r.storeId)),
    contracts: new Set(rows.flatMap((r) => (r.contractId === null ? [] : [r.contractId]))),
    storePartners: partnersBy(rows.map((r) => ({ partnerId: r.partnerId, key: r.storeId }))),
    contractPartners: partnersBy(rows.map((r) => ({ partnerId: r.partnerId, key: r.contractId }))),
  };
}

export type DebtorRequestValues = Omit<
  typeof debtorRequests.$inferInsert,
  'id' | 'partnerId' | 'personId' | 'storeId' | 'status'
>;

/** What the scope person says about their debt in one store (cannot pay, a proposal, a dispute). */
export async function insertDebtorRequest(
  db: Db,
  scope: DebtorScope,
  storeId: number,
  values: DebtorRequestValues,
): Promise<void> {
  await db
    .insert(debtorRequests)
    .values({ ...values, partnerId: scope.partnerId, personId: scope.personId, storeId });
}

/**
 * Whether the scope person's request of the store with the same kind and content (the reason, the proposal's amounts)
 * was stored since `since` and is not answered yet: the same request sent again (decisions 048, 085). Looked up
 * under a per-person lock held until the transaction ends.
 */
export async function debtorRequestRepeated(
  db: Db,
  scope: DebtorScope,
  storeId: number,
  values: DebtorRequestValues,
  since: Date,
): Promise<boolean> {
  const repeated = await findRepeatedRequest(db, {
    table: debtorRequests,
    fields: { id: debtorRequests.id },
    lock: { name: 'repeated-debtor-requests', id: scope.personId },
    sameContent: [
      [debtorRequests.kind, values.kind],
      [debtorRequests.reason, values.reason ?? null],
      [debtorRequests.entryCents, values.entryCents ?? null],
      [debtorRequests.instalmentCount, values.instalmentCount ?? null],
      [debtorRequests.instalmentCents, values.instalmentCents ?? null],
    ],
    where: and(
      eq(debtorRequests.partnerId, scope.partnerId),
      eq(debtorRequests.personId, scope.personId),
      eq(debtorRequests.storeId, storeId),
      ne(debtorRequests.status, 'answered'),
    ),
    createdAt: debtorRequests.createdAt,
    since,
  });
  return repeated !== undefined;
}

/**
 * The scope person's requests on the partner that match `where`, counted under a per-person lock named `lock` held
 * for the rest of the transaction: two requests at once cannot both pass a check on the count.
 */
async function countRequestsLocked(db: Db, scope: DebtorScope, lock: string, where: SQL): Promise<number> {
  await lockUntilCommit(db, lock, scope.personId);
  const [row] = await db
    .select({ n: count() })
    .from(debtorRequests)
    .where(
      and(eq(debtorRequests.partnerId, scope.partnerId), eq(debtorRequests.personId, scope.personId), where),
    );
  return Number(row?.n ?? 0);
}

/** Whether the scope person has a dispute of the store not answered yet (serialised per person). */
export async function hasOpenDispute(db: Db, scope: DebtorScope, storeId: number): Promise<boolean> {
  const open = and(
    eq(debtorRequests.storeId, storeId),
    eq(debtorRequests.kind, 'dispute'),
    ne(debtorRequests.status, 'answered'),
  )!;
  return (await countRequestsLocked(db, scope, 'disputes', open)) > 0;
}

/** How many call and WhatsApp requests the scope person made since an instant (serialised per person). */
export async function countCallRequestsSince(db: Db, scope: DebtorScope, since: Date): Promise<number> {
  const recent = and(
    inArray(debtorRequests.kind, ['call', 'whatsapp']),
    gte(debtorRequests.createdAt, since),
  )!;
  return countRequestsLocked(db, scope, 'call-requests', recent);
}

export async function findStore(db: Db, id: number): Promise<StoreRow | undefined> {
  const [store] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return store;
}
