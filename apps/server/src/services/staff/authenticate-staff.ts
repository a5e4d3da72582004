import type { Db } from '../../db/client';
import { findStaffUserByToken } from '../../repositories/staff-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { accessTokenHash } from './staff-credentials';

export interface StaffIdentity {
  userId: number;
  username: string;
  tokenHash: string;
  /** A password an administrator set: only the user's own account calls are open until they change it. */
  mustChangePassword: boolean;
  scope: StaffScope;
}

/** The enabled staff user of a bearer token that is known, unexpired and unrevoked, with their scope; undefined otherwise. */
export async function authenticateStaff(db: Db, token: string): Promise<StaffIdentity | undefined> {
  const tokenHash = accessTokenHash(token);
  const row = await findStaffUserByToken(db, tokenHash);
  return row ? { ...row, tokenHash } : undefined;
}
