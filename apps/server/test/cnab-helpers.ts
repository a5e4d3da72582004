import { writeRetorno } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { agreementInstalments, agreements, persons, type secondCopies, stores } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createPixServices } from '../src/integrations/payments/pix-api/pix-services';
import { insertCharge } from '../src/repositories/payment-repository';
import { chargeBeneficiary } from '../src/services/agreements/issue-due-charges';
import { cnabBeneficiary } from '../src/services/payments/cnab-files';
import { importRetorno } from '../src/services/payments/import-retorno';

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

/** Issues an instalment's boleto through the default 'local' provider, as the server builds it, and records the charge. */
export async function issueBoleto(db: Db, instalmentId: number) {
  const [row] = await db
    .select({ instalment: agreementInstalments, store: stores })
    .from(agreementInstalments)
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .where(eq(agreementInstalments.id, instalmentId));
  const pix = await createPixServices({
    db,
    env: loadEnv({ NODE_ENV: 'test' }),
    log: { warn: () => undefined, error: () => undefined },
  });
  const issued = await pix.providers
    .get('local')!
    .issueBoleto({
      storeId: row!.store.id,
      reference: `test-${instalmentId}`,
      dueDate: row!.instalment.dueDate,
      amountCents: row!.instalment.amountCents,
      beneficiary: chargeBeneficiary(row!.store, 'Demo'),
      payer: { name: 'João', document: '39053344705' },
    })
    .finally(pix.close);
  return (await insertCharge(db, {
    instalmentId,
    storeId: row!.store.id,
    dueDate: row!.instalment.dueDate,
    amountCents: row!.instalment.amountCents,
    ...issued,
  }))!;
}

/**
 * A new agreement with the terms of João's demo one (of the person with `cpfCnpj`, João by default) and one open
 * instalment, its boleto issued.
 */
export async function openBoleto(db: Db, dueDate: string, amountCents: number, cpfCnpj = '39053344705') {
  const [seeded] = await joaoInstalmentRows(db);
  const [demoAgreement] = await db.select().from(agreements).where(eq(agreements.id, seeded!.agreementId));
  const [person] = await db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj));
  const { id: _id, status: _status, createdAt: _createdAt, preAgreementId: _plan, ...terms } = demoAgreement!;
  const [agreement] = await db
    .insert(agreements)
    .values({ ...terms, personId: person!.id })
    .returning();
  const [open] = await db
    .insert(agreementInstalments)
    .values({ agreementId: agreement!.id, number: 0, dueDate, amountCents })
    .returning();
  return { agreement: agreement!, instalment: open!, charge: await issueBoleto(db, open!.id) };
}

/**
 * Imports a retorno (its NSA `sequence`) whose one title liquidates the copy's boleto (or an agreement charge's) for
 * `paidCents`, under the store's current account; movement '09' tells its write-off (baixa) instead.
 */
export async function liquidateCopy(
  db: Db,
  copy: Pick<typeof secondCopies.$inferSelect, 'id' | 'storeId' | 'dueDate' | 'amountCents'> & {
    ourNumber: string | null;
  },
  sequence: number,
  paidCents: number,
  movement: '06' | '09' = '06',
) {
  const [store] = await db.select().from(stores).where(eq(stores.id, copy.storeId));
  const feeCents = movement === '06' ? 180 : 0;
  const content = writeRetorno(
    { beneficiary: cnabBeneficiary(store!), sequence, generatedOn: '2026-11-26', generatedAt: '070000' },
    [
      {
        movement,
        ourNumber: copy.ourNumber!,
        documentNumber: String(copy.id),
        dueDate: copy.dueDate,
        amountCents: copy.amountCents,
        feeCents,
        reasons: [],
        payer: { document: '12345678909', name: 'MARIA' },
        interestCents: 0,
        discountCents: 0,
        rebateCents: 0,
        iofCents: 0,
        paidCents,
        netCents: paidCents - feeCents,
        occurredOn: '2026-11-25',
        creditOn: movement === '06' ? '2026-11-26' : null,
      },
    ],
  );
  return importRetorno(db, { content, fileName: `RET${sequence}.ret`, createdBy: 'test', now: new Date() });
}
