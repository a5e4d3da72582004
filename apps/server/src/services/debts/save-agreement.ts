import { isValidEmail, onlyDigits } from '@portal/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agreements, preAgreements } from '../../db/schema';
import { AppError } from '../../errors';
import { storesWithActiveAgreement } from '../../repositories/debt-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import type { SessionRow } from '../../repositories/session-repository';

export interface AgreementInput {
  planId: number;
  method: 'boleto' | 'pix' | 'cartao';
  /** YYYY-MM-DD. */
  firstDueDate: string;
  phone: string;
  email: string;
}

// Spec 001 §5: for the partner that asks for contact on confirmation.
const CONTACT_MESSAGES = { phone: 'Telefone é obrigatório', email: 'E-mail é obrigatório' } as const;

/**
 * passo_4_novo (spec 001 §7 step 4): records the agreement from a plan the server issued to this session, once,
 * before it expires; the amounts are the plan's, never the client's.
 */
export async function saveAgreement(
  db: Db,
  partner: PartnerRow,
  session: SessionRow,
  input: AgreementInput,
): Promise<{ aco_codigo: number }> {
  const phone = onlyDigits(input.phone);
  const email = input.email.trim();
  if (partner.capabilities.requireContactOnConfirm) {
    const errors: Record<string, string> = {};
    if (phone.length < 10) errors.telefone = CONTACT_MESSAGES.phone;
    if (!isValidEmail(email)) errors.email = CONTACT_MESSAGES.email;
    if (Object.keys(errors).length) throw new AppError('INVALID_INPUT', errors);
  }
  return db.transaction(async (tx) => {
    // Claiming the plan and recording the agreement happen together: a plan is accepted at most once.
    const [plan] = await tx
      .update(preAgreements)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(preAgreements.id, input.planId),
          eq(preAgreements.sessionHash, session.tokenHash),
          eq(preAgreements.partnerId, partner.id),
          gt(preAgreements.expiresAt, new Date()),
          isNull(preAgreements.usedAt),
        ),
      )
      .returning();
    if (!plan || plan.paymentMethod !== input.method || plan.firstDueDate !== input.firstDueDate) {
      throw new AppError('PLAN_NOT_FOUND');
    }
    const active = await storesWithActiveAgreement(tx as unknown as Db, {
      partnerId: partner.id,
      personId: session.personId,
    });
    if (active.has(plan.storeId)) throw new AppError('ACTIVE_AGREEMENT');
    const [row] = await tx
      .insert(agreements)
      .values({
        partnerId: partner.id,
        personId: session.personId,
        storeId: plan.storeId,
        preAgreementId: plan.id,
        paymentMethod: plan.paymentMethod,
        instalmentCount: plan.instalmentCount,
        entryCents: plan.entryCents,
        instalmentCents: plan.instalmentCents,
        totalCents: plan.totalCents,
        firstDueDate: plan.firstDueDate,
        contractIds: plan.contractIds,
        phone: phone || null,
        email: email || null,
      })
      .returning({ id: agreements.id });
    return { aco_codigo: row!.id };
  });
}
