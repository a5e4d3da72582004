import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { agreementInstalments, agreements, persons, stores } from '../src/db/schema';
import { localPaymentProvider } from '../src/integrations/payments/local-provider';
import { insertCharge } from '../src/repositories/payment-repository';
import { chargeBeneficiary } from '../src/services/agreements/issue-due-charges';

// CNAB tests: boletos issued as the store's provider issues them when their time comes.

/** The seeded demo agreement's instalments of João (CPF 390.533.447-05), entry first. */
export async function joaoInstalmentRows(db: Db) {
  return db
    .select({ instalment: agreementInstalments })
    .from(agreementInstalments)
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(persons, eq(persons.id, agreements.personId))
    .where(eq(persons.cpfCnpj, '39053344705'))
    .orderBy(asc(agreementInstalments.id))
    .then((rows) => rows.map((r) => r.instalment));
}

/** Issues an instalment's boleto through the local provider and records the charge. */
export async function issueBoleto(db: Db, instalmentId: number) {
  const [row] = await db
    .select({ instalment: agreementInstalments, store: stores })
    .from(agreementInstalments)
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .where(eq(agreementInstalments.id, instalmentId));
  const issued = await localPaymentProvider(db).issueBoleto({
    reference: `test-${instalmentId}`,
    dueDate: row!.instalment.dueDate,
    amountCents: row!.instalment.amountCents,
    beneficiary: chargeBeneficiary(row!.store, 'Demo'),
    payer: { name: 'João', document: '39053344705' },
  });
  return (await insertCharge(db, {
    instalmentId,
    storeId: row!.store.id,
    dueDate: row!.instalment.dueDate,
    amountCents: row!.instalment.amountCents,
    ...issued,
  }))!;
}
