import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffPartners, staffTokens, staffUsers } from '../db/schema';
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

/** A new user; undefined when the name was taken meanwhile. */
export async function insertStaffUser(
  db: Db,
  user: { username: string; passwordHash: string },
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
