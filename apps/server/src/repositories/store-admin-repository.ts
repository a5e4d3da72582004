import { STORE_MESSAGES } from '@portal/domain';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, partnerStores, partners, stores } from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { AppError } from '../errors';
import { partnerCondition, type StaffScope } from './staff-scope';

// The back office's stores (issue 18 item 1; decision 027). An operator reaches a store only through a partner of
// theirs that serves it, and sees only their partners' links: another partner's store does not exist for them.

export type StoreValues = Omit<
  typeof stores.$inferInsert,
  'id' | 'createdAt' | 'switchedOffAt' | 'switchedOffBy'
>;

export interface StoreLinkRow {
  partnerId: number;
  partnerName: string;
  negotiates: boolean;
  partnerArchivedAt: Date | null;
}

export interface StaffStoreRow {
  store: typeof stores.$inferSelect;
  logo: { sha256: string; extension: string } | null;
  links: StoreLinkRow[];
}

/** The store is served by a partner of the scope (always true for administrators and auditors). */
function servedInScope(db: Db, scope: StaffScope): SQL | undefined {
  const partnersOfScope = partnerCondition(partnerStores.partnerId, scope);
  if (!partnersOfScope) return undefined;
  return exists(
    db
      .select({ one: partnerStores.storeId })
      .from(partnerStores)
      .where(and(eq(partnerStores.storeId, stores.id), partnersOfScope)),
  );
}

async function readStores(db: Db, scope: StaffScope, where: SQL | undefined): Promise<StaffStoreRow[]> {
  const rows = await db
    .select({ store: stores, logoSha: files.sha256, logoExtension: files.extension })
    .from(stores)
    .leftJoin(files, eq(files.sha256, stores.logoFile))
    .where(and(where, servedInScope(db, scope)))
    .orderBy(asc(stores.tradeName), asc(stores.id));
  if (rows.length === 0) return [];
  const links = await db
    .select({
      storeId: partnerStores.storeId,
      partnerId: partnerStores.partnerId,
      partnerName: partners.name,
      negotiates: partnerStores.negotiates,
      partnerArchivedAt: partners.archivedAt,
    })
    .from(partnerStores)
    .innerJoin(partners, eq(partners.id, partnerStores.partnerId))
    .where(
      and(
        inArray(
          partnerStores.storeId,
          rows.map((row) => row.store.id),
        ),
        partnerCondition(partnerStores.partnerId, scope),
      ),
    )
    .orderBy(asc(partners.name));
  return rows.map((row) => ({
    store: row.store,
    logo: row.logoSha && row.logoExtension ? { sha256: row.logoSha, extension: row.logoExtension } : null,
    links: links
      .filter((link) => link.storeId === row.store.id)
      .map(({ partnerId, partnerName, negotiates, partnerArchivedAt }) => ({
        partnerId,
        partnerName,
        negotiates,
        partnerArchivedAt,
      })),
  }));
}

/** Every store the scope reaches, by trade name, with the scope's partners serving each. */
export function listStaffStores(db: Db, scope: StaffScope): Promise<StaffStoreRow[]> {
  return readStores(db, scope, undefined);
}

/** One store if the scope reaches it; undefined otherwise (answered as not found). */
export async function findStaffStore(
  db: Db,
  scope: StaffScope,
  id: number,
): Promise<StaffStoreRow | undefined> {
  const [row] = await readStores(db, scope, eq(stores.id, id));
  return row;
}

/** The store's row locked for the change of its transaction. */
export async function lockStore(db: Db, id: number): Promise<void> {
  await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update');
}

export async function insertStore(db: Db, values: StoreValues): Promise<number> {
  const [row] = await db.insert(stores).values(values).returning({ id: stores.id });
  return row!.id;
}

/** Writes the store form's values, counting the save in the store's version (decision 088). */
export async function updateStore(db: Db, id: number, values: StoreValues): Promise<void> {
  await db
    .update(stores)
    .set({ ...values, version: sql`${stores.version} + 1` })
    .where(eq(stores.id, id));
}

/**
 * Replaces the store's links to the scope's partners (every link for administrators): an operator's save leaves
 * the links of partners they do not work for as they are.
 */
export async function replaceStoreLinks(
  db: Db,
  scope: StaffScope,
  storeId: number,
  links: readonly { partnerId: number; negotiates: boolean }[],
): Promise<void> {
  await db
    .delete(partnerStores)
    .where(and(eq(partnerStores.storeId, storeId), partnerCondition(partnerStores.partnerId, scope)));
  if (links.length > 0) await db.insert(partnerStores).values(links.map((link) => ({ storeId, ...link })));
}

/** Switches the store off (who and when) or on again; its rows are never deleted. */
export async function setStoreSwitchedOff(
  db: Db,
  id: number,
  switchedOff: { at: Date; by: number } | null,
): Promise<void> {
  await db
    .update(stores)
    .set({ switchedOffAt: switchedOff?.at ?? null, switchedOffBy: switchedOff?.by ?? null })
    .where(eq(stores.id, id));
}

/** Runs a store write, turning a CPF/CNPJ another store has into its form error. */
export async function withUniqueDocument<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'stores_cpf_cnpj')
      throw new AppError('STORE_DOCUMENT_TAKEN', { cpf_cnpj: STORE_MESSAGES.documentTaken });
    throw error;
  }
}
