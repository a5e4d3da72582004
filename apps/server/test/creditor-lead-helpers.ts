import { eq } from 'drizzle-orm';
import { creditorLeads, outboundMessages } from '../src/db/schema';
import type { TestApp } from './test-app';

/**
 * The creditor leads stored, each with the code of its sign-up link as its e-mail carries it: the table keeps only the
 * code's hash (decision 100), so the code is read from the confirmation while it is queued (decision 097 masks it
 * once sent).
 */
export async function storedLeads(t: Pick<TestApp, 'database'>) {
  const { db } = t.database;
  const rows = await db
    .select({ lead: creditorLeads, linkText: outboundMessages.bodyText })
    .from(creditorLeads)
    .leftJoin(outboundMessages, eq(outboundMessages.id, creditorLeads.outboundMessageId))
    .orderBy(creditorLeads.id);
  return rows.map(({ lead, linkText }) => {
    const [link, code] = /https?:\/\/\S+\/cadastre-sua-empresa\/([A-Za-z0-9_-]+)/.exec(linkText ?? '') ?? [];
    if (!link || !code) throw new Error(`lead ${lead.id}: no queued sign-up link to read its code from`);
    return { ...lead, link, code };
  });
}
