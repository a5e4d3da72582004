import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { deleteFaqRow } from '../../repositories/faq-repository';

/** deletarDuvida (spec 002 §7), staff only: 'Não foi possivel excluir esta dúvida' when there is no such entry. */
export async function deleteFaq(db: Db, codigo: number): Promise<void> {
  if (!(await deleteFaqRow(db, codigo))) throw new AppError('FAQ_DELETE_FAILED');
}
