import {
  FAQ_MESSAGES,
  type FaqInput,
  type FaqItem,
  type FaqStaffItem,
  faqPartnerId,
  faqSchema,
  firstIssue,
  staffMay,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, ruleError } from '../../errors';
import type { FaqRow, FaqValues } from '../../repositories/faq-repository';
import { findPartnerById } from '../../repositories/partner-admin-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';

// Shared by the FAQ use cases: the entry's rules (packages/domain faq.ts) as typed errors, who may write whose
// entries (issue 18 item 8: the shared list administrators only, a partner's list its operators too), and the row
// as the portal API answers it.

/**
 * The entry to store (normalised by the schema), or the first broken rule as an AppError with `{ field: message }`;
 * then whether `scope` may write to the list it names: the shared list only an administrator ('Acesso negado'),
 * a partner's only within the scope ('Parceiro não encontrado.' for one outside it, as for one that does not exist).
 */
export async function acceptedFaq(db: Db, scope: StaffScope, input: FaqInput): Promise<FaqValues> {
  const result = firstIssue(faqSchema, input);
  if (!result.ok)
    throw ruleError(
      [
        'FAQ_TITLE_REQUIRED',
        'FAQ_TITLE_TOO_LONG',
        'FAQ_TEXT_REQUIRED',
        'FAQ_TEXT_TOO_LONG',
        'FAQ_PARTNER_REQUIRED',
      ],
      result,
    );
  const partnerId = faqPartnerId(result.data.parceiro);
  const partner = await checkFaqWriter(db, scope, partnerId);
  // Decision 014: an archived partner's portal is off, so nothing new goes to its list (its entries may still go).
  if (partner?.archivedAt)
    throw new AppError('FAQ_PARTNER_ARCHIVED', { parceiro: FAQ_MESSAGES.partnerArchived });
  return { title: result.data.titulo, description: result.data.descricao, partnerId };
}

/** Whether `scope` may write the entries of `partnerId` (null: the shared list); throws when not, else the partner. */
export async function checkFaqWriter(
  db: Db,
  scope: StaffScope,
  partnerId: number | null,
): Promise<PartnerRow | null> {
  if (partnerId === null) {
    if (!staffMay(scope.role, 'administration')) throw new AppError('STAFF_FORBIDDEN');
    return null;
  }
  const partner = seesPartner(scope, partnerId) ? await findPartnerById(db, partnerId) : undefined;
  if (!partner) throw new AppError('PARTNER_ID_NOT_FOUND');
  return partner;
}

export function faqItem(row: FaqRow): FaqItem {
  return { codigo: row.id, titulo: row.title, descricao: row.description };
}

export function faqStaffItem(
  row: FaqRow & { partnerName: string | null; partnerArchivedAt: Date | null },
): FaqStaffItem {
  return {
    ...faqItem(row),
    parceiro:
      row.partnerId === null
        ? null
        : {
            id: row.partnerId,
            nome: row.partnerName ?? '',
            arquivado_em: row.partnerArchivedAt?.toISOString() ?? null,
          },
  };
}
