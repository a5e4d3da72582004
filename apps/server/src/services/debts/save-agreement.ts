import { isValidEmail, onlyDigits } from '@portal/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agreementContracts,
  agreements,
  ONE_ACTIVE_AGREEMENT_PER_CONTRACT,
  preAgreements,
} from '../../db/schema';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import { AppError } from '../../errors';
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
 * before it expires; the amounts are the plan's, never the client's. A contract already under an active agreement,
 * through any partner, is refused by the database's unique index: no interleaving of requests makes a second one.
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
  return db
    .transaction(async (tx) => {
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
          phone: phone || null,
          email: email || null,
        })
        .returning({ id: agreements.id });
      await tx
        .insert(agreementContracts)
        .values(plan.contractIds.map((contractId) => ({ agreementId: row!.id, contractId })));
      return { aco_codigo: row!.id };
    })
    .catch((error: unknown) => {
      // Another agreement over one of these contracts was recorded first, or meanwhile (this insert waited for it).
      if (violatedUniqueConstraint(error) === ONE_ACTIVE_AGREEMENT_PER_CONTRACT)
        throw new AppError('ACTIVE_AGREEMENT');
      throw error;
    });
}
