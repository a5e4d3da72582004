import type { AuditEntity } from '@portal/domain';
import {
  eraseExpiredRecord,
  findExpiredRecords,
  isMinimised,
  type KeptRecordKind,
} from '../../repositories/kept-record-repository';
import { withTransaction } from '../../repositories/transaction';
import { recordStaffAction } from '../audit/record-staff-action';
import { oneByOne, type Retention } from './erase-expired';

/** The kinds erased as a row: its job, and the entity its audit row names (as the queues' actions name it). */
const KEPT_RECORDS: { kind: KeptRecordKind; job: string; entity: AuditEntity }[] = [
  { kind: 'lead', job: 'expire-leads', entity: 'lead' },
  { kind: 'creditor_lead', job: 'expire-creditor-leads', entity: 'creditor_lead' },
  { kind: 'signed_up_creditor_lead', job: 'expire-signed-up-creditor-leads', entity: 'creditor_lead' },
  { kind: 'contact_message', job: 'expire-contact-messages', entity: 'contact_message' },
  { kind: 'call_request', job: 'expire-call-requests', entity: 'call_request' },
  { kind: 'privacy_request', job: 'expire-privacy-requests', entity: 'privacy_request' },
  // The other debtor requests (decision 072), named as the queues' actions name them.
  { kind: 'cannot_pay', job: 'expire-cannot-pay', entity: 'debtor_request' },
  { kind: 'proposal', job: 'expire-proposals', entity: 'debtor_request' },
  { kind: 'dispute', job: 'expire-disputes', entity: 'debtor_request' },
];

/**
 * Leads, creditor leads, contact messages, debtor requests (calls and WhatsApp, cannot-pay, proposals, disputes) and
 * privacy requests past their retention (decisions 057, 072, 084): in one transaction a lead (or a creditor lead never
 * signed up) goes and a row the dashboard counts (or a signed-up creditor lead) is minimised (decision 081:
 * `anonymise`, as the access records), the partner's notification loses its content, a message to the person its
 * recipient and content, and the audit row names the system. The append-only audit trail and the queues' event
 * history stay (decisions 024, 030).
 */
export const KEPT_RECORD_RETENTIONS: readonly Retention[] = KEPT_RECORDS.map(({ kind, job, entity }) => ({
  job,
  kind,
  eraseBatch: oneByOne({
    find: (db, before, limit) => findExpiredRecords(db, kind, before, limit),
    erase: (deps, trail, id, before) =>
      withTransaction(deps.db, async (tx) => {
        if (!(await eraseExpiredRecord(tx, kind, id, before))) return false;
        await recordStaffAction(tx, trail, {
          entity,
          entityId: id,
          action: isMinimised(kind) ? 'anonymise' : 'delete',
        });
        return true;
      }),
  }),
}));
