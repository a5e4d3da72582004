import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffTokens, staffUsers } from '../db/schema';

// Back-office users and their bearer tokens (stored as hashes). A token is scoped to its user: every write below
// names the user or the token it acts on.

export interface StaffUserRow {
  id: number;
  username: string;
  passwordHash: string;
}

/** The user of a token hash that is known, unexpired and unrevoked. */
export async function findStaffUserByToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: number; username: string } | undefined> {
  const [row] = await db
    .select({ userId: staffUsers.id, username: staffUsers.username })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffUserId))
    .where(
      and(
        eq(staffTokens.tokenHash, tokenHash),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function findStaffUserByName(db: Db, username: string): Promise<StaffUserRow | undefined> {
  const [user] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, passwordHash: staffUsers.passwordHash })
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
    .set({ passwordHash, passwordChangedAt: new Date() })
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
