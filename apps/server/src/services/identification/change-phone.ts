import { onlyDigits, validateNewPhone } from '@portal/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { persons, phoneChangeLinks } from '../../db/schema';
import { AppError } from '../../errors';
import { hashSecret } from '../../plugins/debtor-session';
import type { PartnerRow } from '../../repositories/partner-repository';
import { type IdentificationDeps, invalid } from './identification-deps';

const NOT_A_MOBILE = 'Digite um celular válido';

/**
 * The new-phone screen's call (spec 000 §4 phone reset, step 2): with a live link of this partner, the phone is
 * replaced and the link consumed in one transaction.
 */
export async function changePhone(
  deps: IdentificationDeps,
  partner: PartnerRow,
  input: { token: string; pef_fone: string; confirmacao: string },
): Promise<string> {
  const failure = validateNewPhone(input.pef_fone, input.confirmacao);
  if (failure) throw invalid({ [failure.field]: failure.message });
  const phone = onlyDigits(input.pef_fone);
  if (phone.length !== 11) throw invalid({ pef_fone: NOT_A_MOBILE });
  const changed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [link] = await db
      .update(phoneChangeLinks)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(phoneChangeLinks.tokenHash, hashSecret(input.token)),
          eq(phoneChangeLinks.partnerId, partner.id),
          isNull(phoneChangeLinks.consumedAt),
          gt(phoneChangeLinks.expiresAt, new Date()),
        ),
      )
      .returning({ personId: phoneChangeLinks.personId });
    if (!link) return false;
    await db.update(persons).set({ phone, updatedAt: new Date() }).where(eq(persons.id, link.personId));
    return true;
  });
  if (!changed) throw new AppError('PHONE_UPDATE_FAILED');
  return 'Operação realizada com sucesso';
}
