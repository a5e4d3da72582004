import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffTokens, staffUsers } from '../../db/schema';
import { accessTokenHash } from './staff-credentials';

export interface StaffIdentity {
  userId: number;
  username: string;
  tokenHash: string;
}

/** The staff user of a bearer token that is known, unexpired and unrevoked; undefined otherwise. */
export async function authenticateStaff(db: Db, token: string): Promise<StaffIdentity | undefined> {
  const tokenHash = accessTokenHash(token);
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
  return row ? { ...row, tokenHash } : undefined;
}
