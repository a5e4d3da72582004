import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { creditorCompanies } from '../schema';
import { DEMO_PARTNERS } from './demo-partners';

// The creditor companies behind the demo portals (each partner's emp_codigo is its company's code) and two that
// signed up but have no portal yet, so a new partner can be created in the back office. Their users cannot log in:
// '!' is no argon2 hash, so no password verifies against it.
const SPARE_COMPANIES = [
  { id: 1001, name: 'Zelo Cobranças', identifier: 'zelo' },
  { id: 1002, name: 'Horizonte Recuperação de Crédito', identifier: 'horizonte' },
];

export async function seedCompanies(db: Db): Promise<void> {
  const companies = [
    ...DEMO_PARTNERS.map((p) => ({ id: p.companyCode, name: p.name, identifier: p.identifier })),
    ...SPARE_COMPANIES,
  ];
  await db.insert(creditorCompanies).values(
    companies.map((company) => ({
      id: company.id,
      databaseName: company.identifier,
      companyName: company.name,
      userName: 'Administrador',
      userEmail: `credor@${company.identifier}.example.com`,
      login: company.identifier,
      passwordHash: '!',
      planCode: 2,
      usesPortal: 'S',
      userCount: 1,
      businessKind: 'cobranca',
    })),
  );
  // Explicit codes: the next signed-up company continues after the highest.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('creditor_companies', 'id'), (select max(id) from creditor_companies))`,
  );
}
