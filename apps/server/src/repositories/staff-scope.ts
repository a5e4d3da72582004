import type { StaffRoleName } from '@portal/domain';
import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// What a staff user's queries may reach (decision 024), built by the staff guard from the token alone and handed to
// every repository function that reads or changes partner-owned rows, like the debtor's `DebtorScope`.

export type StaffRole = StaffRoleName;

export interface StaffScope {
  role: StaffRole;
  /** The partners an operator works for; null for administrators and auditors, who see every partner. */
  partnerIds: readonly number[] | null;
}

/** The condition limiting `column` (a partner id) to the scope; undefined when the scope is every partner. */
export function partnerCondition(column: AnyPgColumn, scope: StaffScope): SQL | undefined {
  return scope.partnerIds === null ? undefined : inArray(column, [...scope.partnerIds]);
}

/** Whether the scope reaches a partner's rows. Outside it the caller answers "not found", so nothing leaks. */
export function seesPartner(scope: StaffScope, partnerId: number): boolean {
  return scope.partnerIds === null || scope.partnerIds.includes(partnerId);
}
