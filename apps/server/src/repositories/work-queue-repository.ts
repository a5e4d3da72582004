import {
  CALL_REQUEST_LABELS,
  type CallRequestKind,
  DEBTOR_REQUEST_QUEUES,
  type WorkItemAction,
  type WorkItemStatus,
  type WorkQueueKey,
} from '@portal/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  contactMessages,
  contracts,
  debtorRequests,
  partners,
  persons,
  privacyRequests,
  staffUsers,
  stores,
  type WorkItemSource,
  workItemEvents,
} from '../db/schema';
import { partnerCondition, type StaffScope } from './staff-scope';

// The back office's work queues (decision 030): debtor requests (by kind), contact messages and privacy requests,
// read as one shape and moved by the same statements. Each queue's rows stay in their own table.

export interface WorkItemFilters {
  partnerId?: number | undefined;
  status?: WorkItemStatus | undefined;
  assigneeId?: number | undefined;
  id?: number | undefined;
}

export interface WorkItemRow {
  id: number;
  partnerId: number;
  partnerName: string;
  status: WorkItemStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  answerText: string | null;
  answeredAt: Date | null;
  answeredByName: string | null;
  createdAt: Date;
  dueOn: string | null;
  personId: number | null;
  name: string;
  cpfCnpj: string | null;
  email: string | null;
  phone: string | null;
  store: { id: number; name: string } | null;
  contractNumbers: string[];
  reason: string | null;
  proposal: { entryCents: number; instalmentCount: number; instalmentCents: number } | null;
  counterOffer: { entryCents: number; instalmentCount: number; instalmentCents: number } | null;
  text: string | null;
  protocol: string | null;
  requestType: string | null;
}

const TABLES = {
  debtor_request: debtorRequests,
  contact_message: contactMessages,
  privacy_request: privacyRequests,
} as const;
type WorkTable = (typeof TABLES)[WorkItemSource];

export function sourceOf(queue: WorkQueueKey): WorkItemSource {
  if (queue === 'contatos') return 'contact_message';
  if (queue === 'lgpd') return 'privacy_request';
  return 'debtor_request';
}

const assignee = alias(staffUsers, 'assignee');
const answerer = alias(staffUsers, 'answerer');

// What every queue's row has, under the same names.
const workFields = (t: WorkTable) => ({
  id: t.id,
  partnerId: t.partnerId,
  partnerName: partners.name,
  status: t.status,
  assigneeId: t.assignedTo,
  assigneeName: assignee.username,
  answerText: t.answerText,
  answeredAt: t.answeredAt,
  answeredByName: answerer.username,
  createdAt: t.createdAt,
});

function conditions(t: WorkTable, scope: StaffScope, filters: WorkItemFilters): SQL[] {
  return [
    // An item the retention minimised (decision 081) is only counted by the dashboard: no queue shows it.
    isNull(t.minimisedAt),
    partnerCondition(t.partnerId, scope),
    filters.partnerId === undefined ? undefined : eq(t.partnerId, filters.partnerId),
    filters.status === undefined ? undefined : eq(t.status, filters.status),
    filters.assigneeId === undefined ? undefined : eq(t.assignedTo, filters.assigneeId),
    filters.id === undefined ? undefined : eq(t.id, filters.id),
  ].filter((c): c is SQL => c !== undefined);
}

// Waiting items first, the oldest (or the nearest deadline) first; answered ones after them, the latest first.
const order = (t: WorkTable, first: SQL) => [
  sql`${t.status} = 'answered'`,
  sql`case when ${t.status} = 'answered' then null else ${first} end`,
  desc(t.createdAt),
  asc(t.id),
];

interface PageWindow {
  where: SQL | undefined;
  limit: number;
  offset: number;
  /** What orders the waiting items; the oldest first unless said. */
  first?: SQL;
}

/** A queue's select (its fields and joins) filtered, ordered and cut to the page, and how many rows match. */
async function pageOf<Q extends PgSelect>(db: Db, t: WorkTable, query: Q, window: PageWindow) {
  const [counted] = await db.select({ n: count() }).from(t).where(window.where);
  const rows: Awaited<Q> = await query
    .where(window.where)
    .orderBy(...order(t, window.first ?? sql`${t.createdAt}`))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

const money = (entryCents: number | null, instalmentCount: number | null, instalmentCents: number | null) =>
  instalmentCount === null
    ? null
    : { entryCents: entryCents ?? 0, instalmentCount, instalmentCents: instalmentCents ?? 0 };

const none = {
  dueOn: null,
  store: null,
  contractNumbers: [],
  reason: null,
  proposal: null,
  counterOffer: null,
  text: null,
  protocol: null,
  requestType: null,
};

async function debtorPage(
  db: Db,
  kinds: (typeof DEBTOR_REQUEST_QUEUES)[keyof typeof DEBTOR_REQUEST_QUEUES],
  window: PageWindow,
): Promise<{ rows: WorkItemRow[]; total: number }> {
  const t = debtorRequests;
  const query = db
    .select({
      ...workFields(t),
      personId: t.personId,
      name: persons.name,
      cpfCnpj: persons.cpfCnpj,
      email: persons.email,
      // A call request's own phone, else the one on file.
      phone: sql<string | null>`coalesce(${t.phone}, ${persons.phone})`,
      kind: t.kind,
      storeId: stores.id,
      storeName: stores.tradeName,
      contractNumbers: sql<
        string[]
      >`coalesce((select array_agg(${contracts.number} order by ${contracts.number})
        from ${contracts} where ${contracts.personId} = ${t.personId} and ${contracts.storeId} = ${t.storeId}), '{}')`,
      reason: t.reason,
      entryCents: t.entryCents,
      instalmentCount: t.instalmentCount,
      instalmentCents: t.instalmentCents,
      counterEntryCents: t.counterEntryCents,
      counterInstalmentCount: t.counterInstalmentCount,
      counterInstalmentCents: t.counterInstalmentCents,
    })
    .from(t)
    .innerJoin(partners, eq(partners.id, t.partnerId))
    .innerJoin(persons, eq(persons.id, t.personId))
    .innerJoin(stores, eq(stores.id, t.storeId))
    .leftJoin(assignee, eq(assignee.id, t.assignedTo))
    .leftJoin(answerer, eq(answerer.id, t.answeredBy))
    .$dynamic();
  const { rows, total } = await pageOf(db, t, query, {
    ...window,
    where: and(inArray(t.kind, [...kinds]), window.where),
  });
  return {
    total,
    rows: rows.map(({ kind, ...row }) => ({
      ...none,
      ...row,
      requestType: CALL_REQUEST_LABELS[kind as CallRequestKind] ?? null,
      store: { id: row.storeId, name: row.storeName },
      proposal: money(row.entryCents, row.instalmentCount, row.instalmentCents),
      counterOffer: money(row.counterEntryCents, row.counterInstalmentCount, row.counterInstalmentCents),
    })),
  };
}

async function contactPage(db: Db, window: PageWindow) {
  const t = contactMessages;
  const query = db
    .select({
      ...workFields(t),
      // The sender, when they sent it logged in (docs/decisions/054); never the owner of the CPF/CNPJ they typed.
      personId: t.personId,
      name: t.name,
      cpfCnpj: t.cpfCnpj,
      email: t.email,
      text: t.text,
    })
    .from(t)
    .innerJoin(partners, eq(partners.id, t.partnerId))
    .leftJoin(assignee, eq(assignee.id, t.assignedTo))
    .leftJoin(answerer, eq(answerer.id, t.answeredBy))
    .$dynamic();
  const { rows, total } = await pageOf(db, t, query, window);
  // The sender's name is there: the queue leaves minimised messages out (decision 081).
  return { total, rows: rows.map((row) => ({ ...none, phone: null, ...row, name: row.name! })) };
}

async function privacyPage(db: Db, window: PageWindow) {
  const t = privacyRequests;
  const query = db
    .select({
      ...workFields(t),
      personId: t.personId,
      name: t.name,
      cpfCnpj: persons.cpfCnpj,
      email: t.email,
      phone: t.phone,
      text: t.message,
      protocol: t.protocol,
      requestType: t.requestType,
      dueOn: t.dueOn,
    })
    .from(t)
    .innerJoin(partners, eq(partners.id, t.partnerId))
    .leftJoin(persons, eq(persons.id, t.personId))
    .leftJoin(assignee, eq(assignee.id, t.assignedTo))
    .leftJoin(answerer, eq(answerer.id, t.answeredBy))
    .$dynamic();
  // The nearest legal deadline first.
  const { rows, total } = await pageOf(db, t, query, { ...window, first: sql`${t.dueOn}` });
  return { total, rows: rows.map((row) => ({ ...none, ...row, name: row.name! })) };
}

/** One page of a queue within the scope, and how many items match. */
export async function listWorkItemsPage(
  db: Db,
  scope: StaffScope,
  queue: WorkQueueKey,
  filters: WorkItemFilters,
  page: number,
  perPage: number,
): Promise<{ rows: WorkItemRow[]; total: number }> {
  const source = sourceOf(queue);
  const window = {
    where: and(...conditions(TABLES[source], scope, filters)),
    limit: perPage,
    offset: (page - 1) * perPage,
  };
  if (source === 'contact_message') return contactPage(db, window);
  if (source === 'privacy_request') return privacyPage(db, window);
  return debtorPage(db, DEBTOR_REQUEST_QUEUES[queue as keyof typeof DEBTOR_REQUEST_QUEUES], window);
}

/** One item of a queue within the scope; undefined when it does not exist there. */
export async function findWorkItem(
  db: Db,
  scope: StaffScope,
  queue: WorkQueueKey,
  id: number,
): Promise<WorkItemRow | undefined> {
  const { rows } = await listWorkItemsPage(db, scope, queue, { id }, 1, 1);
  return rows[0];
}

export interface WorkItemChange {
  status?: WorkItemStatus;
  assignedTo?: number | null;
  answerText?: string;
  answeredBy?: number;
  answerMessageId?: number | null;
  counterOffer?: { entryCents: number; instalmentCount: number; instalmentCents: number } | null;
}

/** The item's assignee, its row locked until the transaction ends (two staff members taking it at once). */
export async function lockedAssignee(
  tx: Db,
  source: WorkItemSource,
  id: number,
): Promise<number | null | undefined> {
  const table = TABLES[source] as unknown as typeof debtorRequests;
  const [row] = await tx
    .select({ assignedTo: table.assignedTo })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row?.assignedTo;
}

/**
 * Changes an item only while its status is still one of `from` (two staff members answering at once: one wins, the
 * other finds it answered). Undefined when it was not in `from` any more.
 */
export async function moveWorkItem(
  db: Db,
  source: WorkItemSource,
  id: number,
  from: readonly WorkItemStatus[],
  change: WorkItemChange,
): Promise<{ status: WorkItemStatus } | undefined> {
  const { counterOffer, ...columns } = change;
  // The three tables share these columns (db/schema/work-items.ts), under the same names: one statement serves all.
  const table = TABLES[source] as unknown as typeof debtorRequests;
  const [row] = await db
    .update(table)
    .set({
      ...columns,
      ...(change.status === 'answered' ? { answeredAt: sql`now()` } : {}),
      ...(counterOffer
        ? {
            counterEntryCents: counterOffer.entryCents,
            counterInstalmentCount: counterOffer.instalmentCount,
            counterInstalmentCents: counterOffer.instalmentCents,
          }
        : {}),
    })
    .where(and(eq(table.id, id), inArray(table.status, [...from])))
    .returning({ status: table.status });
  return row;
}

export async function insertWorkItemEvent(
  db: Db,
  event: {
    source: WorkItemSource;
    itemId: number;
    action: WorkItemAction;
    status: WorkItemStatus;
    assigneeId: number | null;
    staffUserId: number;
    username: string;
  },
): Promise<void> {
  await db.insert(workItemEvents).values(event);
}

/** An item's history, oldest first, with the assignee's name. */
export async function listWorkItemEvents(db: Db, source: WorkItemSource, itemId: number) {
  return db
    .select({
      action: workItemEvents.action,
      status: workItemEvents.status,
      assigneeName: assignee.username,
      username: workItemEvents.username,
      at: workItemEvents.at,
    })
    .from(workItemEvents)
    .leftJoin(assignee, eq(assignee.id, workItemEvents.assigneeId))
    .where(and(eq(workItemEvents.source, source), eq(workItemEvents.itemId, itemId)))
    .orderBy(asc(workItemEvents.at), asc(workItemEvents.id));
}
