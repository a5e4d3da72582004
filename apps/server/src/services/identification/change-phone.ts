import { firstIssue, newPhoneSchema, onlyDigits, PHONE_UPDATED } from '@portal/domain';
import { AppError } from '../../errors';
import { hashSecret } from '../../plugins/debtor-session';
import { changePhoneByLink } from '../../repositories/identification-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { type IdentificationDeps, invalid } from './identification-deps';

/**
 * The new-phone screen's call (spec 000 §4 phone reset, step 2): with a live link of this partner, the phone is
 * replaced and the link consumed in one transaction.
 */
export async function changePhone(
  deps: IdentificationDeps,
  partner: PartnerRow,
  input: { token: string; pef_fone: string; confirmacao: string },
): Promise<string> {
  const failure = firstIssue(newPhoneSchema, input);
  if (!failure.ok) throw invalid({ [failure.field]: failure.message });
  const phone = onlyDigits(input.pef_fone);
  const changed = await withTransaction(deps.db, (tx) =>
    changePhoneByLink(tx, { tokenHash: hashSecret(input.token), partnerId: partner.id }, phone),
  );
  if (!changed) throw new AppError('PHONE_UPDATE_FAILED');
  return PHONE_UPDATED.text;
}
