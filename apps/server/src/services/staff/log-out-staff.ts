import type { Db } from '../../db/client';
import { revokeStaffToken } from '../../repositories/staff-repository';
import type { StaffIdentity } from './authenticate-staff';

/** Logout: the request's token is revoked at once; the user's other tokens stay valid. */
export async function logOutStaff(db: Db, staff: StaffIdentity): Promise<void> {
  await revokeStaffToken(db, staff.tokenHash);
}
