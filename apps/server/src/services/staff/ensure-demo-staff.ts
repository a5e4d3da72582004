import type { Db } from '../../db/client';
import { findStaffUserByName } from '../../repositories/staff-repository';
import { createStaffUser } from './create-staff-user';

/** The demo back-office account listed in the README. Never created in production (prepare-database.ts). */
export const DEMO_STAFF = { username: 'admin', password: 'Demo@2026' } as const;

/** Creates the demo staff account when it is missing; true when it was created now. */
export async function ensureDemoStaff(db: Db): Promise<boolean> {
  if (await findStaffUserByName(db, DEMO_STAFF.username)) return false;
  try {
    await createStaffUser(db, DEMO_STAFF);
    return true;
  } catch (error) {
    // Two processes starting on one database at once: the other one created it.
    if ((error as { code?: string }).code === 'STAFF_USERNAME_TAKEN') return false;
    throw error;
  }
}
