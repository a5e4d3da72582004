import {
  brasiliaDateTime,
  findSection,
  formatBrDate,
  maskMobilePhone,
  PRIVACY_REQUEST_SUCCESS,
  type PrivacyRequestInput,
  privacyRequestDueDate,
  privacyRequestSchema,
} from '@portal/domain';
import type { Db } from '../../db/client';
import {
  rightsRequestPartnerEmail,
  rightsRequestPersonEmail,
} from '../../integrations/mail/privacy-templates';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import {
  findRepeatedRightsRequest,
  insertRightsRequest,
  withNewProtocol,
} from '../../repositories/rights-request-repository';
import { withTransaction } from '../../repositories/transaction';
import { repeatWindowStart } from '../repeat-window';

export interface SubmittedRightsRequest {
  id: number;
  protocol: string;
  /** The legal deadline, a Brasília date 'YYYY-MM-DD'. */
  dueOn: string;
  /** Spec 000 §8 "Rights request success". */
  message: string;
}

/**
 * A rights request from the privacy portal (spec 000 §3, §5, §7, §8; issue 6 item 1): validated by the domain rules,
 * stored for the host's partner with its protocol and legal deadline (LGPD art. 19 II), and, in the same
 * transaction, two e-mails queued in the outbox: every field to the partner's contact address (when it has one: the
 * request is kept and the person's copy sent either way) and the protocol, type and deadline to the person. The same
 * request sent again within REPEAT_WINDOW_MINUTES (its answer lost, two clicks) is the one stored: answered with its
 * protocol and deadline, with no second request or e-mail (decision 085).
 */
export async function submitRightsRequest(
  db: Db,
  partner: PartnerRow,
  input: PrivacyRequestInput,
  now: Date = new Date(),
): Promise<SubmittedRightsRequest> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const request = privacyRequestSchema.parse(input);
  const config = await loadPartnerConfig(db, partner);
  const partnerAddress = findSection(config, 'contact')?.campos.email?.trim() || null;
  const dueOn = privacyRequestDueDate(now);
  const received = brasiliaDateTime(now);
  const mail = {
    partnerName: partner.name,
    requestType: request.requestType,
    name: request.name,
    phone: maskMobilePhone(request.phone),
    email: request.email,
    message: request.message,
    receivedAt: `${formatBrDate(received.date)} às ${received.time.slice(0, 5)}`,
    dueDate: formatBrDate(dueOn),
  };

  return withNewProtocol(now, (protocol) =>
    withTransaction(db, async (tx) => {
      const repeated = await findRepeatedRightsRequest(tx, partner.id, request, repeatWindowStart(now));
      if (repeated) return { ...repeated, message: PRIVACY_REQUEST_SUCCESS };
      const partnerMessageId = partnerAddress
        ? await enqueueEmail(tx, {
            partnerId: partner.id,
            personId: null,
            to: partnerAddress,
            replyTo: request.email,
            email: rightsRequestPartnerEmail({ ...mail, protocol }),
          })
        : null;
      const personMessageId = await enqueueEmail(tx, {
        partnerId: partner.id,
        // The form is anonymous: whoever typed the address is no person the portal knows.
        personId: null,
        to: request.email,
        ...(partnerAddress ? { replyTo: partnerAddress } : {}),
        email: rightsRequestPersonEmail({ ...mail, protocol }),
      });
      const id = await insertRightsRequest(tx, partner.id, {
        protocol,
        name: request.name,
        phone: request.phone,
        email: request.email,
        requestType: request.requestType,
        message: request.message,
        dueOn,
        partnerMessageId,
        personMessageId,
        createdAt: now,
      });
      return { id, protocol, dueOn, message: PRIVACY_REQUEST_SUCCESS };
    }),
  );
}
