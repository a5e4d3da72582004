import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffTokens } from '../../db/schema';
import type { StaffIdentity } from './authenticate-staff';

/** Logout: the request's token is revoked at once; the user's other tokens stay valid. */
export async function logOutStaff(db: Db, staff: StaffIdentity): Promise<void> {
  await db
    .update(staffTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffTokens.tokenHash, staff.tokenHash), isNull(staffTokens.revokedAt)));
}
