import type { Db } from '../../db/client';
import { findStaffUserByToken } from '../../repositories/staff-repository';
import { accessTokenHash } from './staff-credentials';

export interface StaffIdentity {
  userId: number;
  username: string;
  tokenHash: string;
}

/** The staff user of a bearer token that is known, unexpired and unrevoked; undefined otherwise. */
export async function authenticateStaff(db: Db, token: string): Promise<StaffIdentity | undefined> {
  const tokenHash = accessTokenHash(token);
  const row = await findStaffUserByToken(db, tokenHash);
  return row ? { ...row, tokenHash } : undefined;
}
