import type { PartnerListFilter } from '@portal/domain';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  debtorSessions,
  files,
  partnerNames,
  partnerSectionFiles,
  partnerSections,
  partnerStores,
  partners,
  stores,
} from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { AppError } from '../errors';
import type { PartnerRow } from './partner-repository';
import { partnerCondition, type StaffScope } from './staff-scope';
import { withTransaction } from './transaction';

// Back-office reads and writes of partners (spec 002 §7 /api/parceiro). Whoever calls the writes invalidates the
// partner cache afterwards (partner-repository.ts).

export interface PartnerListRow {
  id: number;
  name: string;
  identifier: string;
  companyCode: number;
  logoSha256: string | null;
  logoExtension: string | null;
  archivedAt: Date | null;
}

const LIST_FILTERS: Record<PartnerListFilter, SQL | undefined> = {
  ativos: isNull(partners.archivedAt),
  arquivados: isNotNull(partners.archivedAt),
  todos: undefined,
};

/** One page of the scope's partners `filter` names, by name (then id), and how many there are. */
export async function listPartnersPage(
  db: Db,
  scope: StaffScope,
  filter: PartnerListFilter,
  page: number,
  perPage: number,
): Promise<{ rows: PartnerListRow[]; total: number }> {
  const where = and(LIST_FILTERS[filter], partnerCondition(partners.id, scope));
  const [counted] = await db.select({ n: count() }).from(partners).where(where);
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      identifier: partners.identifier,
      companyCode: partners.companyCode,
      logoSha256: files.sha256,
      logoExtension: files.extension,
      archivedAt: partners.archivedAt,
    })
    .from(partners)
    .leftJoin(files, eq(files.sha256, partners.logoFile))
    .where(where)
    .orderBy(sql`lower(${partners.name})`, asc(partners.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findPartnerById(db: Db, id: number): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

/** Another partner has the name now ('live'), or had it once and keeps it ('former', decision 087). */
export type NameConflict = 'live' | 'former' | null;

/** Which of this identifier and company code another partner (not `exceptId`) uses now or has used. */
export async function partnerConflicts(
  db: Db,
  identifier: string,
  companyCode: number,
  exceptId: number | null,
): Promise<{ identifier: NameConflict; companyCode: NameConflict }> {
  const same = or(eq(partners.identifier, identifier), eq(partners.companyCode, companyCode));
  const live = await db
    .select({ identifier: partners.identifier, companyCode: partners.companyCode })
    .from(partners)
    .where(exceptId === null ? same : and(same, ne(partners.id, exceptId)));
  const used = or(eq(partnerNames.identifier, identifier), eq(partnerNames.companyCode, companyCode));
  const former = await db
    .select({ identifier: partnerNames.identifier, companyCode: partnerNames.companyCode })
    .from(partnerNames)
    .where(exceptId === null ? used : and(used, ne(partnerNames.partnerId, exceptId)));
  const conflict = (field: 'identifier' | 'companyCode', value: string | number): NameConflict => {
    if (live.some((r) => r[field] === value)) return 'live';
    return former.some((r) => r[field] === value) ? 'former' : null;
  };
  return {
    identifier: conflict('identifier', identifier),
    companyCode: conflict('companyCode', companyCode),
  };
}

/** The store codes of `ids` that exist. */
export async function existingStoreIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: stores.id }).from(stores).where(inArray(stores.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The stored files among these sha256 addresses, with their extension. */
export async function storedFiles(db: Db, shas: string[]): Promise<Map<string, string>> {
  if (shas.length === 0) return new Map();
  const rows = await db
    .select({ sha256: files.sha256, extension: files.extension })
    .from(files)
    .where(inArray(files.sha256, [...new Set(shas)]));
  return new Map(rows.map((r) => [r.sha256, r.extension]));
}

export type PartnerValues = Omit<typeof partners.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export interface SectionWrite {
  name: string;
  fields: Record<string, unknown>;
  /** null keeps the section's files as they are. */
  files: { identifier: string; imageType: string; sha256: string; name: string }[] | null;
}

/** The rows of one partner save. */
export interface PartnerRows {
  values: PartnerValues;
  sections: SectionWrite[];
  /** null keeps the store links (an update that sends neither list). */
  storeLinks: { storeId: number; negotiates: boolean }[] | null;
  /** The version the form was opened on; absent from a client that sends none (decision 090). */
  openedVersion?: number;
}

/**
 * Inserts or updates the partner row, then its sections and store links, then runs `audit` (the staff audit row), in
 * one transaction; answers the id.
 */
export async function savePartner(
  db: Db,
  partnerId: number | null,
  rows: PartnerRows,
  audit: (tx: Db, id: number) => Promise<void>,
): Promise<number> {
  return writePartner(db, partnerId, rows, audit).catch((error: unknown) => {
    throw uniqueViolation(error) ?? error;
  });
}

/** A save that lost a race for a subdomain or company code (checked before, unique in the table). */
function uniqueViolation(error: unknown): AppError | null {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('identificador'))
    return new AppError('PARTNER_SUBDOMAIN_TAKEN', { campo: 'identificador' });
  if (constraint?.includes('emp_codigo'))
    return new AppError('PARTNER_COMPANY_TAKEN', { campo: 'emp_codigo' });
  return null;
}

async function writePartner(
  db: Db,
  partnerId: number | null,
  { values, sections, storeLinks, openedVersion }: PartnerRows,
  audit: (tx: Db, id: number) => Promise<void>,
): Promise<number> {
  return withTransaction(db, async (tx) => {
    let id = partnerId;
    if (id === null) {
      const [row] = await tx.insert(partners).values(values).returning({ id: partners.id });
      id = row!.id;
    } else {
      // The names the partner has now stay its own after a rename (a partner saved by the seed has no rows yet).
      const [stored] = await tx
        .select({
          identifier: partners.identifier,
          companyCode: partners.companyCode,
          version: partners.version,
        })
        .from(partners)
        .where(eq(partners.id, id))
        .for('update');
      // A form opened before another's save would write back what that save changed (decision 090).
      if (stored && openedVersion !== undefined && openedVersion !== stored.version)
        throw new AppError('PARTNER_CHANGED_MEANWHILE');
      if (stored) await claimNames(tx, id, stored.identifier, stored.companyCode);
      // An archive that won the race keeps the portal off: the save of an archived partner is refused.
      const updated = await tx
        .update(partners)
        .set({ ...values, version: sql`${partners.version} + 1`, updatedAt: new Date() })
        .where(and(eq(partners.id, id), isNull(partners.archivedAt)))
        .returning({ id: partners.id });
      if (updated.length === 0) throw new AppError('PARTNER_ARCHIVED');
    }
    const claimed = await claimNames(tx, id, values.identifier, values.companyCode);
    if (claimed.identifier !== id) throw new AppError('PARTNER_SUBDOMAIN_USED', { campo: 'identificador' });
    if (claimed.companyCode !== id) throw new AppError('PARTNER_COMPANY_USED', { campo: 'emp_codigo' });
    for (const section of sections) {
      const [row] = await tx
        .insert(partnerSections)
        .values({ partnerId: id, name: section.name, fields: section.fields })
        .onConflictDoUpdate({
          target: [partnerSections.partnerId, partnerSections.name],
          set: { fields: section.fields },
        })
        .returning({ id: partnerSections.id });
      if (section.files === null) continue;
      await tx.delete(partnerSectionFiles).where(eq(partnerSectionFiles.sectionId, row!.id));
      if (section.files.length === 0) continue;
      await tx.insert(partnerSectionFiles).values(
        section.files.map((file, position) => ({
          sectionId: row!.id,
          identifier: file.identifier,
          imageType: file.imageType,
          fileSha256: file.sha256,
          name: file.name,
          position,
        })),
      );
    }
    if (storeLinks !== null) {
      await tx.delete(partnerStores).where(eq(partnerStores.partnerId, id));
      if (storeLinks.length > 0) {
        await tx.insert(partnerStores).values(storeLinks.map((link) => ({ partnerId: id, ...link })));
      }
    }
    await audit(tx, id);
    return id;
  });
}

/**
 * Records the partner's subdomain and company code as used (decision 087) and answers who holds each: the partner,
 * or another that had it first (checked before the save; this settles a save that lost the race).
 */
async function claimNames(
  tx: Db,
  partnerId: number,
  identifier: string,
  companyCode: number,
): Promise<{ identifier: number | undefined; companyCode: number | undefined }> {
  await tx
    .insert(partnerNames)
    .values([
      { partnerId, identifier },
      { partnerId, companyCode },
    ])
    .onConflictDoNothing();
  const holders = await tx
    .select({
      partnerId: partnerNames.partnerId,
      identifier: partnerNames.identifier,
      companyCode: partnerNames.companyCode,
    })
    .from(partnerNames)
    .where(or(eq(partnerNames.identifier, identifier), eq(partnerNames.companyCode, companyCode)));
  return {
    identifier: holders.find((h) => h.identifier === identifier)?.partnerId,
    companyCode: holders.find((h) => h.companyCode === companyCode)?.partnerId,
  };
}

/**
 * Archives the partner (decision 014): switched off (no company token), stamped with when and by whom, and its
 * debtor sessions ended, which have no foreign key to the partner (decision 012). False when it was already archived.
 */
export async function archivePartnerRow(db: Db, id: number, staffUserId: number): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const now = new Date();
    const archived = await tx
      .update(partners)
      .set({ archivedAt: now, archivedBy: staffUserId, companyToken: null, updatedAt: now })
      .where(and(eq(partners.id, id), isNull(partners.archivedAt)))
      .returning({ id: partners.id });
    if (archived.length === 0) return false;
    await tx.delete(debtorSessions).where(eq(debtorSessions.partnerId, id));
    return true;
  });
}
