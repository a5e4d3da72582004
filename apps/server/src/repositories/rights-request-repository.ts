import { randomBytes } from 'node:crypto';
import {
  BRASILIA_TIME_ZONE,
  PRIVACY_PROTOCOL_RANDOM_BYTES,
  type PrivacyRequest,
  type PrivacyRequestStatusName,
  privacyProtocol,
} from '@portal/domain';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partners, privacyRequests, type WholePrivacyRequest } from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { findRepeatedRequest } from './repeated-request';
import { partnerCondition, type StaffScope } from './staff-scope';

// The privacy portal's rights requests (privacy_requests) as the back office's queue reads and moves them.

/** A request as staff read it: never one the retention minimised (decision 081), which only the dashboard counts. */
export type PrivacyRequestRow = WholePrivacyRequest;

export interface RightsRequestFilters {
  partnerId?: number | undefined;
  status?: PrivacyRequestStatusName | undefined;
  /** Received on or after this Brasília date (YYYY-MM-DD). */
  from?: string | undefined;
  /** Received on or before this Brasília date (YYYY-MM-DD). */
  to?: string | undefined;
}

export interface RightsRequestListRow extends PrivacyRequestRow {
  partnerName: string;
  partnerIdentifier: string;
}

// The day a request arrived, in Brasília: a request at 23:30 there is still that day, whatever the server's zone.
const receivedOn = sql`(${privacyRequests.createdAt} at time zone ${BRASILIA_TIME_ZONE})::date`;

// A request with its partner's name and subdomain.
const withPartner = {
  request: privacyRequests,
  partnerName: partners.name,
  partnerIdentifier: partners.identifier,
};
const flatten = (row: {
  request: typeof privacyRequests.$inferSelect;
  partnerName: string;
  partnerIdentifier: string;
}) => ({
  ...(row.request as PrivacyRequestRow),
  partnerName: row.partnerName,
  partnerIdentifier: row.partnerIdentifier,
});

// A request the retention minimised (decision 081) is only counted by the dashboard: staff no longer see it.
const whole = isNull(privacyRequests.minimisedAt);

function where(scope: StaffScope, filters: RightsRequestFilters): SQL | undefined {
  return and(
    whole,
    partnerCondition(privacyRequests.partnerId, scope),
    filters.partnerId === undefined ? undefined : eq(privacyRequests.partnerId, filters.partnerId),
    filters.status === undefined ? undefined : eq(privacyRequests.status, filters.status),
    filters.from === undefined ? undefined : sql`${receivedOn} >= ${filters.from}::date`,
    filters.to === undefined ? undefined : sql`${receivedOn} <= ${filters.to}::date`,
  );
}

/**
 * One page of requests: those still waiting for an answer first, the nearest deadline first; answered ones after
 * them. Also how many match.
 */
export async function listRightsRequestsPage(
  db: Db,
  scope: StaffScope,
  filters: RightsRequestFilters,
  page: number,
  perPage: number,
): Promise<{ rows: RightsRequestListRow[]; total: number }> {
  const condition = where(scope, filters);
  const [counted] = await db.select({ n: count() }).from(privacyRequests).where(condition);
  const rows = await db
    .select(withPartner)
    .from(privacyRequests)
    .innerJoin(partners, eq(partners.id, privacyRequests.partnerId))
    .where(condition)
    .orderBy(sql`${privacyRequests.status} = 'answered'`, asc(privacyRequests.dueOn), asc(privacyRequests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    rows: rows.map(flatten),
    total: Number(counted?.n ?? 0),
  };
}

export async function findRightsRequest(
  db: Db,
  scope: StaffScope,
  id: number,
): Promise<RightsRequestListRow | undefined> {
  const [row] = await db
    .select(withPartner)
    .from(privacyRequests)
    .innerJoin(partners, eq(partners.id, privacyRequests.partnerId))
    .where(and(eq(privacyRequests.id, id), whole, partnerCondition(privacyRequests.partnerId, scope)))
    .limit(1);
  return row && flatten(row);
}

/** A rights request of the partner (from the privacy portal's form, or the record of an erasure); returns its id. */
export async function insertRightsRequest(
  db: Db,
  partnerId: number,
  request: Omit<typeof privacyRequests.$inferInsert, 'id' | 'partnerId'>,
): Promise<number> {
  const [row] = await db
    .insert(privacyRequests)
    .values({ ...request, partnerId })
    .returning({ id: privacyRequests.id });
  return row!.id;
}

/**
 * The partner's rights request from the privacy form (no person: the erasure's requests are not the form's) with
 * exactly these fields, stored since `since`: the same request sent again (decisions 048, 085). Looked up under a
 * lock on the partner and address held until the transaction ends.
 */
export async function findRepeatedRightsRequest(
  db: Db,
  partnerId: number,
  request: PrivacyRequest,
  since: Date,
): Promise<{ id: number; protocol: string; dueOn: string } | undefined> {
  const repeated = await findRepeatedRequest(db, {
    table: privacyRequests,
    fields: { id: privacyRequests.id, protocol: privacyRequests.protocol, dueOn: privacyRequests.dueOn },
    lock: { name: `rights-request:${request.email}`, id: partnerId },
    sameContent: [
      [privacyRequests.email, request.email],
      [privacyRequests.name, request.name],
      [privacyRequests.phone, request.phone],
      [privacyRequests.requestType, request.requestType],
      [privacyRequests.message, request.message],
      [privacyRequests.personId, null],
    ],
    where: eq(privacyRequests.partnerId, partnerId),
    createdAt: privacyRequests.createdAt,
    since,
  });
  // Only a minimised request has no protocol, and it has none of the fields matched either.
  return repeated?.protocol ? { ...repeated, protocol: repeated.protocol } : undefined;
}

/**
 * Runs `write` with a fresh privacy-request protocol, drawing again when the protocol is already taken (30 random
 * bits a day make that rare; the unique constraint settles it). Shared by the rights form and the erasure.
 */
export async function withNewProtocol<T>(now: Date, write: (protocol: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const protocol = privacyProtocol(now, randomBytes(PRIVACY_PROTOCOL_RANDOM_BYTES));
    try {
      return await write(protocol);
    } catch (error) {
      if (attempt < 3 && violatedUniqueConstraint(error)?.includes('protocolo')) continue;
      throw error;
    }
  }
}
