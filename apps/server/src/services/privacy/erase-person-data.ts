import {
  brasiliaDateTime,
  ERASURE_REQUEST_TYPE,
  erasureRequestMessage,
  formatBrDate,
  privacyRequestDueDate,
} from '@portal/domain';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactMessages,
  contracts,
  debtorRequests,
  debtorSessions,
  leads,
  outboundMessages,
  partnerStores,
  personRegistrations,
  persons,
  phoneChangeLinks,
  preAgreements,
  privacyRequests,
  stepLogs,
} from '../../db/schema';
import { erasureConfirmationEmail } from '../../integrations/mail/my-data-templates';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { messagesToPerson } from './export-person-data';
import { withNewProtocol } from './with-new-protocol';

export interface ErasureResult {
  protocol: string;
  /** False when another partner's portal also serves the person, so the shared registration data stayed. */
  registrationErased: boolean;
  /** Whether a confirmation went to the e-mail on file (none when there was no e-mail). */
  emailQueued: boolean;
}

/** Whether a partner other than this one knows the person (contracts in a store it serves, or a first access there). */
async function knownToAnotherPartner(db: Db, partnerId: number, personId: number): Promise<boolean> {
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

/** Outbox rows lose their content; a message not yet delivered is cancelled rather than sent without it. */
async function scrubMessages(db: Db, where: SQL | undefined, recipientToo: boolean): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      ...(recipientToo ? { recipient: 'eliminado' } : {}),
      replyTo: null,
      subject: null,
      bodyText: 'Conteúdo eliminado a pedido do titular (LGPD).',
      bodyHtml: null,
      status: sql`case when ${outboundMessages.status} = 'pending' then 'failed' else ${outboundMessages.status} end`,
      lastError: sql`case when ${outboundMessages.status} = 'pending' then 'Cancelada: dados eliminados a pedido do titular (LGPD).' else ${outboundMessages.lastError} end`,
    })
    .where(where);
}

/**
 * Erasure asked by the identified person on "Meus dados" (LGPD art. 18 VI; docs/decisions/010): removes or
 * anonymises, on the session's partner only, what no law obliges the portal to keep, keeps contracts, agreements,
 * payment documents, disputes and privacy requests (art. 16 I, art. 7 VI), records the request as answered with a
 * protocol, confirms it by e-mail and ends the person's sessions on this partner. One transaction: all or nothing.
 */
export async function erasePersonData(
  db: Db,
  scope: DebtScope,
  now: Date = new Date(),
): Promise<ErasureResult> {
  const { partner, person } = scope;
  const personId = person.id;
  const executed = brasiliaDateTime(now);

  return withNewProtocol(now, (protocol) =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const registrationErased = !(await knownToAnotherPartner(t, partner.id, personId));

      // Messages are matched by the e-mail and phone on file, so before those are cleared.
      await scrubMessages(t, messagesToPerson(partner.id, person), true);
      const ofPartnerAndDocument = <T extends typeof contactMessages | typeof leads>(table: T) =>
        and(eq(table.partnerId, partner.id), eq(table.cpfCnpj, person.cpfCnpj));
      const notifications = [
        ...(await t
          .delete(contactMessages)
          .where(ofPartnerAndDocument(contactMessages))
          .returning({ id: contactMessages.outboundMessageId })),
        ...(await t
          .delete(leads)
          .where(ofPartnerAndDocument(leads))
          .returning({ id: leads.outboundMessageId })),
      ].flatMap(({ id }) => (id === null ? [] : [id]));
      // The partner's copies of what the person wrote: the partner keeps its address, the text goes.
      if (notifications.length > 0)
        await scrubMessages(t, inArray(outboundMessages.id, notifications), false);

      await t
        .update(stepLogs)
        .set({ cpfCnpj: null, errorDetails: null, reason: null })
        .where(and(eq(stepLogs.partnerId, partner.id), eq(stepLogs.cpfCnpj, person.cpfCnpj)));
      await t
        .delete(preAgreements)
        .where(
          and(
            eq(preAgreements.partnerId, partner.id),
            eq(preAgreements.personId, personId),
            isNull(preAgreements.usedAt),
          ),
        );
      await t
        .delete(debtorRequests)
        .where(
          and(
            eq(debtorRequests.partnerId, partner.id),
            eq(debtorRequests.personId, personId),
            ne(debtorRequests.kind, 'dispute'),
          ),
        );
      for (const table of [personRegistrations, phoneChangeLinks, debtorSessions])
        await t.delete(table).where(and(eq(table.partnerId, partner.id), eq(table.personId, personId)));
      if (registrationErased)
        await t
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
            updatedAt: now,
          })
          .where(eq(persons.id, personId));

      const email = person.email?.trim() || null;
      const personMessageId = email
        ? await enqueueEmail(t, {
            partnerId: partner.id,
            to: email,
            email: erasureConfirmationEmail({
              partnerName: partner.name,
              protocol,
              executedAt: `${formatBrDate(executed.date)} às ${executed.time.slice(0, 5)}`,
              registrationErased,
            }),
          })
        : null;
      // The record of the request keeps the name and where the confirmation went, not the phone.
      await t.insert(privacyRequests).values({
        partnerId: partner.id,
        protocol,
        name: person.name,
        phone: '',
        email: email ?? '',
        requestType: ERASURE_REQUEST_TYPE,
        message: erasureRequestMessage(registrationErased),
        personId,
        status: 'answered',
        dueOn: privacyRequestDueDate(now),
        answeredAt: now,
        personMessageId,
        createdAt: now,
      });
      return { protocol, registrationErased, emailQueued: personMessageId !== null };
    }),
  );
}
