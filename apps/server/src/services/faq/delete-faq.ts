import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqItems } from '../../db/schema';
import { AppError } from '../../errors';

/** deletarDuvida (spec 002 §7), staff only: 'Não foi possivel excluir esta dúvida' when there is no such entry. */
export async function deleteFaq(db: Db, codigo: number): Promise<void> {
  const deleted = await db.delete(faqItems).where(eq(faqItems.id, codigo)).returning({ id: faqItems.id });
  if (deleted.length === 0) throw new AppError('FAQ_DELETE_FAILED');
}
