import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  agreementContracts,
  agreementInstalments,
  agreements,
  contracts,
  partnerStores,
  partners,
  paymentEvents,
  persons,
  secondCopies,
} from '../src/db/schema';

// Agreements as passo_4_novo records them, written straight to the database for the back office's tests (the server
// tests of agreements-admin, the access matrix, the browser's admin-agreements), with the payments they name.

/** A partner's id, a store it serves, and a person with a contract in that store (the seed's). */
export async function partyOf(db: Db, identifier: string, cpfCnpj: string) {
  const [partner] = await db.select().from(partners).where(eq(partners.identifier, identifier));
  const [person] = await db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj));
  const served = await db
    .select({ storeId: partnerStores.storeId })
    .from(partnerStores)
    .where(eq(partnerStores.partnerId, partner!.id));
  const owned = await db
    .select()
    .from(contracts)
    .where(eq(contracts.personId, person!.id))
    .orderBy(asc(contracts.id));
  const contract = owned.find((c) => served.some((s) => s.storeId === c.storeId)) ?? owned[0]!;
  return {
    partnerId: partner!.id,
    partnerName: partner!.name,
    person: person!,
    storeId: contract.storeId,
    contract,
  };
}

/**
 * A second copy of one of the party's instalments written straight to the table, for the tests of the money it
 * receives: its barcode, digitable line and PIX code are fixed strings no bank or PSP reads.
 */
export async function insertSecondCopy(
  db: Db,
  party: { partnerId: number; person: { id: number }; storeId: number },
  copy: Pick<
    typeof secondCopies.$inferInsert,
    'instalmentId' | 'dueDate' | 'amountCents' | 'ourNumber' | 'txid' | 'issue'
  >,
) {
  const [row] = await db
    .insert(secondCopies)
    .values({
      partnerId: party.partnerId,
      personId: party.person.id,
      storeId: party.storeId,
      barcode: '0'.repeat(44),
      digitableLine: '0'.repeat(47),
      pixCode: 'pix',
      ...copy,
    })
    .returning();
  return row!;
}

export interface AgreementSpec {
  partnerId: number;
  personId: number;
  storeId: number;
  /** Covered, so a cancellation frees it; none for an agreement over no contract. */
  contractId?: number;
  method: 'boleto' | 'pix' | 'cartao';
  status?: 'active' | 'settled' | 'cancelled';
  createdAt: Date;
  /** The entry and instalments: due dates, values and the cause of a payment recorded for each, if any. */
  instalments: {
    dueDate: string;
    amountCents: number;
    paid?: { cause: string; on: string; kind?: 'paid' | 'settled' };
  }[];
}

/** Writes the agreement, its contract link, instalments and payments; answers its id and instalment ids. */
export async function insertAgreement(
  db: Db,
  spec: AgreementSpec,
): Promise<{ id: number; instalmentIds: number[] }> {
  const [entry, ...rest] = spec.instalments;
  const [row] = await db
    .insert(agreements)
    .values({
      partnerId: spec.partnerId,
      personId: spec.personId,
      storeId: spec.storeId,
      status: spec.status ?? 'active',
      paymentMethod: spec.method,
      instalmentCount: rest.length,
      entryCents: entry!.amountCents,
      instalmentCents: rest[0]?.amountCents ?? 0,
      totalCents: spec.instalments.reduce((sum, i) => sum + i.amountCents, 0),
      firstDueDate: entry!.dueDate,
      createdAt: spec.createdAt,
    })
    .returning({ id: agreements.id });
  const id = row!.id;
  if (spec.contractId !== undefined)
    await db
      .insert(agreementContracts)
      .values({ agreementId: id, contractId: spec.contractId, agreementStatus: spec.status ?? 'active' });
  const instalments = await db
    .insert(agreementInstalments)
    .values(
      spec.instalments.map((i, number) => ({
        agreementId: id,
        number,
        dueDate: i.dueDate,
        amountCents: i.amountCents,
      })),
    )
    .returning({ id: agreementInstalments.id });
  for (const [index, instalment] of spec.instalments.entries())
    if (instalment.paid)
      await db.insert(paymentEvents).values({
        instalmentId: instalments[index]!.id,
        kind: instalment.paid.kind ?? 'paid',
        amountCents: instalment.amountCents,
        occurredOn: instalment.paid.on,
        cause: instalment.paid.cause,
      });
  return { id, instalmentIds: instalments.map((i) => i.id) };
}

/** The contract is under an active agreement (the debts list shows it as 'Acordo Ativo'). */
export async function contractUnderActiveAgreement(db: Db, contractId: number): Promise<boolean> {
  const rows = await db
    .select()
    .from(agreementContracts)
    .where(
      and(eq(agreementContracts.contractId, contractId), eq(agreementContracts.agreementStatus, 'active')),
    );
  return rows.length > 0;
}
