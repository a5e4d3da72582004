import {
  brasiliaDateTime,
  ERASURE_REQUEST_TYPE,
  erasureRequestMessage,
  formatBrDate,
  privacyRequestDueDate,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { erasureConfirmationEmail } from '../../integrations/mail/my-data-templates';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { erasePersonRows, knownToAnotherPartner } from '../../repositories/person-data-repository';
import { insertRightsRequest, withNewProtocol } from '../../repositories/rights-request-repository';
import { withTransaction } from '../../repositories/transaction';

export interface ErasureResult {
  protocol: string;
  /** False when another partner's portal also serves the person, so the shared registration data stayed. */
  registrationErased: boolean;
  /** Whether a confirmation went to the e-mail on file (none when there was no e-mail). */
  emailQueued: boolean;
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
    withTransaction(db, async (tx) => {
      const registrationErased = !(await knownToAnotherPartner(tx, scope));
      await erasePersonRows(tx, scope, { registrationErased, now });

      const email = person.email?.trim() || null;
      const personMessageId = email
        ? await enqueueEmail(tx, {
            partnerId: partner.id,
            personId,
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
      await insertRightsRequest(tx, partner.id, {
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
