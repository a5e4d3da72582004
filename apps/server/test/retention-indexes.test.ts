import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// The retention jobs' batch queries (decision 072) each have an index that reads only the rows still to erase, in
// the order the batch takes them (decision 077); a request the job minimised leaves its index (decision 081).
// Sequential and bitmap scans are switched off so that the empty test tables show which index the planner can use;
// the statements are those of access-record-repository.ts and kept-record-repository.ts (findExpiredRecords).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function plan(query: ReturnType<typeof sql>): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const BEFORE = '2026-06-01T03:00:00Z';

it('reads the steps still to anonymise by their date through step_logs_to_anonymise', async () => {
  const text = await plan(sql`select id from step_logs
    where created_at < ${BEFORE}
      and (person_id is not null or cpf_cnpj is not null or detalhes_erro is not null or motivo_agendamento is not null)
    order by created_at, id limit 500`);
  expect(text).toContain('step_logs_to_anonymise');
  expect(text).not.toContain('Sort');
});

it('reads the sessions still to minimise by their expiry through debtor_sessions_to_minimise', async () => {
  const text = await plan(sql`select token_hash from debtor_sessions
    where expires_at < ${BEFORE} and token_hash not like 'apagada:%'
    order by expires_at, token_hash limit 500`);
  expect(text).toContain('debtor_sessions_to_minimise');
  expect(text).not.toContain('Sort');
});

it('reads the answered requests of a kind not yet minimised by their answer through debtor_requests_answered', async () => {
  const text = await plan(sql`select id from debtor_requests
    where tipo in ('cannot_pay') and status = 'answered' and minimised_at is null and answered_at < ${BEFORE}
    order by answered_at, id limit 500`);
  expect(text).toContain('debtor_requests_answered');
  expect(text).not.toContain('Sort');
});

it('holds in debtor_requests_answered only the requests not yet minimised, so it shrinks as the job works', async () => {
  const result = await t.database.db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where indexname = 'debtor_requests_answered'`,
  );
  expect(result.rows.map((row) => row.indexdef)).toEqual([
    expect.stringMatching(/WHERE \(+status = 'answered'::text\)? AND \(?minimised_at IS NULL\)+$/),
  ]);
});
