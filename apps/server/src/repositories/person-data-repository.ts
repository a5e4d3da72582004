import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreements,
  contactMessages,
  contracts,
  debtorRequests,
  debtorSessions,
  instalments,
  leads,
  outboundMessages,
  partnerStores,
  personRegistrations,
  persons,
  phoneChangeLinks,
  preAgreements,
  privacyRequests,
  secondCopies,
  secondCopyPayments,
  stepLogs,
  stores,
  type WholeContactMessage,
  type WholePrivacyRequest,
} from '../db/schema';
import { instalmentOwed } from './debt-repository';
import type { DebtScope } from './debt-snapshot';
import { scrubMessages } from './outbox-repository';
import { ANONYMOUS_STEP } from './step-log-repository';

// Everything the portal holds about the scope's person on the scope's partner (LGPD art. 18: access, portability,
// erasure), read and erased here. A person is matched by the id a row names them by (outbox messages, contact
// messages, leads and steps included), never by a CPF/CNPJ, e-mail or phone someone typed in a form (decisions 052,
// 054, 069).

/** Steps the person posted or performed in a session on this partner; never by the CPF/CNPJ a step carries. */
const stepsOfPerson = (scope: DebtScope) =>
  and(eq(stepLogs.partnerId, scope.partnerId), eq(stepLogs.personId, scope.personId));

/**
 * Outbox rows for the person on this partner: those queued naming them, wherever they went. Never by address: the
 * e-mail and phone on file and an agreement's contact are whatever the person typed, maybe someone else's
 * (docs/decisions/052).
 */
const messagesToPerson = (scope: DebtScope) =>
  and(eq(outboundMessages.partnerId, scope.partnerId), eq(outboundMessages.personId, scope.personId));

/**
 * Contact messages or leads the person sent logged in on this partner. Never by the CPF/CNPJ in the form: anyone
 * can type anyone's, and what they wrote is theirs (docs/decisions/054).
 */
const sentByPerson = (table: typeof contactMessages | typeof leads, scope: DebtScope) =>
  and(eq(table.partnerId, scope.partnerId), eq(table.personId, scope.personId));

/** The rows of the person's data export, each list oldest first. */
export async function loadPersonData(db: Db, scope: DebtScope) {
  const { personId } = scope;

  const [
    [personRow],
    registration,
    contractRows,
    simulationRows,
    agreementRows,
    requestRows,
    secondCopyRows,
    stepRows,
    messageRows,
    privacyRows,
    contactRows,
    leadRows,
    sessionRows,
  ] = await Promise.all([
    // The whole row: the session reads only what the debtor calls use (session-repository.ts).
    db.select().from(persons).where(eq(persons.id, personId)),
    db
      .select({ createdAt: personRegistrations.createdAt })
      .from(personRegistrations)
      .where(
        and(eq(personRegistrations.partnerId, scope.partnerId), eq(personRegistrations.personId, personId)),
      ),
    db
      .select({ contract: contracts, store: stores.tradeName, instalment: instalments, owed: instalmentOwed })
      .from(contracts)
      // The contracts this partner holds: those in the stores it serves.
      .innerJoin(
        partnerStores,
        and(eq(partnerStores.storeId, contracts.storeId), eq(partnerStores.partnerId, scope.partnerId)),
      )
      .innerJoin(stores, eq(stores.id, contracts.storeId))
      .leftJoin(instalments, eq(instalments.contractId, contracts.id))
      .where(eq(contracts.personId, personId))
      .orderBy(asc(stores.tradeName), asc(contracts.id), asc(instalments.number)),
    db
      .select({ row: preAgreements, store: stores.tradeName })
      .from(preAgreements)
      .innerJoin(stores, eq(stores.id, preAgreements.storeId))
      .where(and(eq(preAgreements.partnerId, scope.partnerId), eq(preAgreements.personId, personId)))
      .orderBy(asc(preAgreements.createdAt)),
    db
      .select({ row: agreements, store: stores.tradeName })
      .from(agreements)
      .innerJoin(stores, eq(stores.id, agreements.storeId))
      .where(and(eq(agreements.partnerId, scope.partnerId), eq(agreements.personId, personId)))
      .orderBy(asc(agreements.createdAt)),
    db
      .select({ row: debtorRequests, store: stores.tradeName })
      .from(debtorRequests)
      .innerJoin(stores, eq(stores.id, debtorRequests.storeId))
      .where(and(eq(debtorRequests.partnerId, scope.partnerId), eq(debtorRequests.personId, personId)))
      .orderBy(asc(debtorRequests.createdAt), asc(debtorRequests.id)),
    db
      .select({
        row: secondCopies,
        store: stores.tradeName,
        contract: contracts.number,
        instalment: instalments.number,
        // Money received for the copy (decision 025), oldest first.
        payments: sql<{ amountCents: number; occurredOn: string; cause: string }[]>`coalesce((
          select json_agg(json_build_object('amountCents', ${secondCopyPayments.amountCents},
            'occurredOn', ${secondCopyPayments.occurredOn}, 'cause', ${secondCopyPayments.cause})
            order by ${secondCopyPayments.id})
          from ${secondCopyPayments} where ${secondCopyPayments.secondCopyId} = ${secondCopies.id}), '[]')`,
      })
      .from(secondCopies)
      .innerJoin(stores, eq(stores.id, secondCopies.storeId))
      .innerJoin(instalments, eq(instalments.id, secondCopies.instalmentId))
      .innerJoin(contracts, eq(contracts.id, instalments.contractId))
      .where(and(eq(secondCopies.partnerId, scope.partnerId), eq(secondCopies.personId, personId)))
      .orderBy(asc(secondCopies.createdAt)),
    db
      .select({ step: stepLogs.stepCode, isError: stepLogs.isError, createdAt: stepLogs.createdAt })
      .from(stepLogs)
      .where(stepsOfPerson(scope))
      .orderBy(asc(stepLogs.createdAt), asc(stepLogs.id)),
    db
      .select({
        channel: outboundMessages.channel,
        template: outboundMessages.template,
        recipient: outboundMessages.recipient,
        status: outboundMessages.status,
        createdAt: outboundMessages.createdAt,
        sentAt: outboundMessages.sentAt,
      })
      .from(outboundMessages)
      .where(messagesToPerson(scope))
      .orderBy(asc(outboundMessages.createdAt)),
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.partnerId, scope.partnerId), eq(privacyRequests.personId, personId)))
      .orderBy(asc(privacyRequests.createdAt))
      // Whole: a request the retention minimised has no person any more (decision 081), so it is nobody's.
      .then((rows) => rows as WholePrivacyRequest[]),
    db
      .select()
      .from(contactMessages)
      .where(sentByPerson(contactMessages, scope))
      .orderBy(asc(contactMessages.createdAt))
      .then((rows) => rows as WholeContactMessage[]),
    db.select().from(leads).where(sentByPerson(leads, scope)).orderBy(asc(leads.createdAt)),
    db
      .select({
        status: debtorSessions.status,
        createdAt: debtorSessions.createdAt,
        lastSeenAt: debtorSessions.lastSeenAt,
        expiresAt: debtorSessions.expiresAt,
        revokedAt: debtorSessions.revokedAt,
        originChannel: debtorSessions.originChannel,
        debtsListedAt: debtorSessions.debtsListedAt,
      })
      .from(debtorSessions)
      .where(and(eq(debtorSessions.partnerId, scope.partnerId), eq(debtorSessions.personId, personId)))
      .orderBy(asc(debtorSessions.createdAt)),
  ]);

  return {
    person: personRow!,
    registration,
    contractRows,
    simulationRows,
    agreementRows,
    requestRows,
    secondCopyRows,
    stepRows,
    messageRows,
    privacyRows,
    contactRows,
    leadRows,
    sessionRows,
  };
}

/** Whether a partner other than the scope's knows the person (contracts in a store it serves, or a first access there). */
export async function knownToAnotherPartner(db: Db, scope: DebtScope): Promise<boolean> {
  const { partnerId, personId } = scope;
  const [viaContract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(partnerStores, eq(partnerStores.storeId, contracts.storeId))
    .where(and(eq(contracts.personId, personId), ne(partnerStores.partnerId, partnerId)))
    .limit(1);
  if (viaContract) return true;
  const [viaFirstAccess] = await db
    .select({ id: personRegistrations.partnerId })
    .from(personRegistrations)
    .where(and(eq(personRegistrations.personId, personId), ne(personRegistrations.partnerId, partnerId)))
    .limit(1);
  return viaFirstAccess !== undefined;
}

/**
 * Removes or anonymises, on the scope's partner only, what no law obliges the portal to keep (docs/decisions/010):
 * messages to the person and their copies, contact messages and leads they sent logged in, the step log's personal
 * fields, unused plans, requests other than disputes, registrations, phone-change links and sessions; with
 * `registrationErased`, the personal fields of the person too. Contracts, agreements, payment documents, disputes and
 * privacy requests stay. Run in the erasure's transaction.
 */
export async function erasePersonRows(
  db: Db,
  scope: DebtScope,
  options: { registrationErased: boolean; now: Date },
): Promise<void> {
  const { partnerId, personId, person } = scope;
  await scrubMessages(db, messagesToPerson(scope), true, 'holder-request');
  const notifications = [
    ...(await db
      .delete(contactMessages)
      .where(sentByPerson(contactMessages, scope))
      .returning({ id: contactMessages.outboundMessageId })),
    ...(await db.delete(leads).where(sentByPerson(leads, scope)).returning({ id: leads.outboundMessageId })),
    // Requests other than disputes; a call or WhatsApp request e-mailed the partner the phone to call.
    ...(await db
      .delete(debtorRequests)
      .where(
        and(
          eq(debtorRequests.partnerId, partnerId),
          eq(debtorRequests.personId, personId),
          ne(debtorRequests.kind, 'dispute'),
        ),
      )
      .returning({ id: debtorRequests.outboundMessageId })),
  ].flatMap(({ id }) => (id === null ? [] : [id]));
  // The partner's copies of what the person wrote or asked: the partner keeps its address, the text goes.
  if (notifications.length > 0)
    await scrubMessages(db, inArray(outboundMessages.id, notifications), false, 'holder-request');

  await db
    .update(stepLogs)
    .set(ANONYMOUS_STEP)
    // Their own steps, and anyone's that carry their CPF/CNPJ (it is theirs, whoever typed it).
    .where(
      or(stepsOfPerson(scope), and(eq(stepLogs.partnerId, partnerId), eq(stepLogs.cpfCnpj, person.cpfCnpj))),
    );
  await db
    .delete(preAgreements)
    .where(
      and(
        eq(preAgreements.partnerId, partnerId),
        eq(preAgreements.personId, personId),
        isNull(preAgreements.usedAt),
      ),
    );
  for (const table of [personRegistrations, phoneChangeLinks, debtorSessions])
    await db.delete(table).where(and(eq(table.partnerId, partnerId), eq(table.personId, personId)));
  if (options.registrationErased)
    await db
      .update(persons)
      .set({
        birthDate: null,
        phone: null,
        email: null,
        gender: null,
        cep: null,
        street: null,
        streetNumber: null,
        district: null,
        city: null,
        state: null,
        updatedAt: options.now,
      })
      .where(eq(persons.id, personId));
}
