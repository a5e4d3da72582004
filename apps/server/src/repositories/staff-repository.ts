import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partners, staffPartners, staffTokens, staffUsers } from '../db/schema';
import type { StaffRole, StaffScope } from './staff-scope';

// Back-office users and their bearer tokens (stored as hashes). A token is scoped to its user: every write below
// names the user or the token it acts on.

export interface StaffUserRow {
  id: number;
  username: string;
  passwordHash: string;
  disabledAt: Date | null;
  mustChangePassword: boolean;
}

/** The partner ids of an operator's scope; every partner (null) for the other roles. */
async function scopeOf(db: Db, userId: number, role: StaffRole): Promise<StaffScope> {
  if (role !== 'operator') return { role, partnerIds: null };
  const rows = await db
    .select({ partnerId: staffPartners.partnerId })
    .from(staffPartners)
    .where(eq(staffPartners.staffUserId, userId));
  return { role, partnerIds: rows.map((row) => row.partnerId) };
}

/** The enabled user of a token hash that is known, unexpired and unrevoked, with their scope. */
export async function findStaffUserByToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: number; username: string; mustChangePassword: boolean; scope: StaffScope } | undefined> {
  const [row] = await db
    .select({
      userId: staffUsers.id,
      username: staffUsers.username,
      role: staffUsers.role,
      mustChangePassword: staffUsers.mustChangePassword,
    })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffUserId))
    .where(
      and(
        eq(staffTokens.tokenHash, tokenHash),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, new Date()),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { role, ...user } = row;
  return { ...user, scope: await scopeOf(db, row.userId, role) };
}

export async function findStaffUserByName(db: Db, username: string): Promise<StaffUserRow | undefined> {
  const [user] = await db
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      passwordHash: staffUsers.passwordHash,
      disabledAt: staffUsers.disabledAt,
      mustChangePassword: staffUsers.mustChangePassword,
    })
    .from(staffUsers)
    .where(eq(staffUsers.username, username));
  return user;
}

export async function findStaffPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const [user] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return user?.passwordHash;
}

/** A new user (an administrator unless `role` says otherwise); undefined when the name was taken meanwhile. */
export async function insertStaffUser(
  db: Db,
  user: { username: string; passwordHash: string; role?: StaffRole; mustChangePassword?: boolean },
): Promise<{ id: number; username: string } | undefined> {
  const [row] = await db
    .insert(staffUsers)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: staffUsers.id, username: staffUsers.username });
  return row;
}

export async function insertStaffToken(
  db: Db,
  token: { tokenHash: string; staffUserId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(staffTokens).values(token);
}

export async function revokeStaffToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(staffTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffTokens.tokenHash, tokenHash), isNull(staffTokens.revokedAt)));
}

/** The user's new password; every token of theirs but `keptTokenHash` is revoked. */
export async function changeStaffPasswordHash(
  db: Db,
  user: { userId: number; keptTokenHash: string },
  passwordHash: string,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false })
    .where(eq(staffUsers.id, user.userId));
  await db
    .update(staffTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffTokens.staffUserId, user.userId),
        ne(staffTokens.tokenHash, user.keptTokenHash),
        isNull(staffTokens.revokedAt),
      ),
    );
}

export interface StaffMemberRow {
  id: number;
  username: string;
  role: StaffRole;
  disabledAt: Date | null;
  mustChangePassword: boolean;
  createdAt: Date;
  partners: { id: number; name: string }[];
}

const memberColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  role: staffUsers.role,
  disabledAt: staffUsers.disabledAt,
  mustChangePassword: staffUsers.mustChangePassword,
  createdAt: staffUsers.createdAt,
};

async function withPartners(db: Db, users: Omit<StaffMemberRow, 'partners'>[]): Promise<StaffMemberRow[]> {
  if (users.length === 0) return [];
  const links = await db
    .select({ userId: staffPartners.staffUserId, id: partners.id, name: partners.name })
    .from(staffPartners)
    .innerJoin(partners, eq(partners.id, staffPartners.partnerId))
    .where(
      inArray(
        staffPartners.staffUserId,
        users.map((user) => user.id),
      ),
    )
    .orderBy(asc(partners.name));
  return users.map((user) => ({
    ...user,
    partners: links.filter((link) => link.userId === user.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Every staff user by name, with the partners an operator works for. */
export async function listStaffMembers(db: Db): Promise<StaffMemberRow[]> {
  return withPartners(db, await db.select(memberColumns).from(staffUsers).orderBy(asc(staffUsers.username)));
}

export async function findStaffMember(db: Db, id: number): Promise<StaffMemberRow | undefined> {
  const [user] = await db.select(memberColumns).from(staffUsers).where(eq(staffUsers.id, id));
  return user && (await withPartners(db, [user]))[0];
}

/**
 * The ids of the active administrators, locked until the transaction ends: two requests that would each leave
 * one administrator cannot both pass the check.
 */
export async function lockActiveAdministrators(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'administrator'), isNull(staffUsers.disabledAt)))
    .for('update');
  return rows.map((row) => row.id);
}

/** Which of `ids` are partners. */
export async function existingPartnerIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(inArray(partners.id, [...ids]));
  return rows.map((row) => row.id);
}

/** The user's role and, replacing the previous ones, their partners. */
export async function setStaffAccess(
  db: Db,
  userId: number,
  access: { role: StaffRole; partnerIds: readonly number[] },
): Promise<void> {
  await db.update(staffUsers).set({ role: access.role }).where(eq(staffUsers.id, userId));
  await db.delete(staffPartners).where(eq(staffPartners.staffUserId, userId));
  if (access.partnerIds.length > 0)
    await db
      .insert(staffPartners)
      .values(access.partnerIds.map((partnerId) => ({ staffUserId: userId, partnerId })));
}

async function revokeEveryToken(db: Db, userId: number): Promise<void> {
  await db
    .update(staffTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffTokens.staffUserId, userId), isNull(staffTokens.revokedAt)));
}

/** Disables the user and revokes every token of theirs. */
export async function disableStaffUser(db: Db, userId: number): Promise<void> {
  await db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, userId));
  await revokeEveryToken(db, userId);
}

/** A disabled user may log in again (their tokens stay revoked: they log in anew). */
export async function enableStaffUser(db: Db, userId: number): Promise<void> {
  await db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.id, userId));
}

/** A password set by an administrator: to be changed at the next login; every token of the user is revoked. */
export async function resetStaffPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(staffUsers)
    .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: true })
    .where(eq(staffUsers.id, userId));
  await revokeEveryToken(db, userId);
}
