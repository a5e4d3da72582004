import type { Db } from '../db/client';
import {
  type ActiveAgreements,
  loadActiveAgreements,
  loadStoreDebts,
  type StoreDebtRows,
} from './debt-repository';
import type { DebtorScope } from './debtor-scope';
import { deepFreeze } from './deep-freeze';
import type { PartnerRow } from './partner-repository';
import type { SessionPerson } from './session-repository';

/** What a person's debts were read as of: persons.debts_version and debt_view_epoch (migration 0008's triggers). */
export interface DebtVersion {
  person: number;
  epoch: number;
}

/** What a debtor call acts for, from its session (contract/debtor-scope.ts): never from the request body. */
export interface DebtScope extends DebtorScope {
  partner: PartnerRow;
  /** The session's person, read with the session. */
  person: SessionPerson;
  /** The person's debt version read with the session. */
  version: DebtVersion;
}

export interface DebtSnapshot {
  /** The person's unpaid debts in the partner's stores, as loadStoreDebts reads them. */
  stores: readonly StoreDebtRows[];
  /** What the person's active agreements cover, through any partner. */
  activeAgreements: ActiveAgreements;
}

interface Entry extends DebtVersion {
  snapshot: Promise<DebtSnapshot>;
}

// Each keeps a person's rows, the cards built from them (list-debts.ts) and the cards' JSON (debt-listing-schema.ts):
// tens of kilobytes for a person with a few debts (the demo debtor: five stores, 35 instalments, 11 KB of JSON per
// listing variant), so the cap bounds this cache at a few hundred megabytes at worst.
const MAX_SNAPSHOTS = 5_000;
const snapshotsByDb = new WeakMap<Db, Map<string, Entry>>();

/**
 * A person's debts on a partner, kept by this process while the version read with the session is unchanged: a
 * session's repeated listings and plan searches skip the two queries and the row mapping (docs/performance.md,
 * decision 012). A write to agreements or to the contracts they cover raises the person's version in the same
 * transaction (whichever partner it was made through: the version is the person's), and a write to contracts,
 * instalments, stores or their partner links raises the epoch, so a snapshot is never served after a change the
 * session's query could see. Shared between requests: read only.
 */
export function loadDebtSnapshot(db: Db, scope: DebtorScope, version: DebtVersion): Promise<DebtSnapshot> {
  let snapshots = snapshotsByDb.get(db);
  if (!snapshots) {
    snapshots = new Map();
    snapshotsByDb.set(db, snapshots);
  }
  const key = `${scope.partnerId}:${scope.personId}`;
  const kept = snapshots.get(key);
  // Re-inserted on every use, so the first entries of the map are the least recently used.
  snapshots.delete(key);
  if (kept && kept.person === version.person && kept.epoch === version.epoch) {
    snapshots.set(key, kept);
    return kept.snapshot;
  }
  const entry: Entry = { ...version, snapshot: readSnapshot(db, scope) };
  snapshots.set(key, entry);
  entry.snapshot.catch(() => {
    if (snapshots.get(key) === entry) snapshots.delete(key);
  });
  if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
  return entry.snapshot;
}

async function readSnapshot(db: Db, scope: DebtorScope): Promise<DebtSnapshot> {
  const [stores, activeAgreements] = await Promise.all([
    loadStoreDebts(db, scope),
    loadActiveAgreements(db, scope.personId),
  ]);
  return { stores: deepFreeze(stores), activeAgreements };
}
