import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';

/** Stores an image by the SHA-256 of its bytes; the same bytes stored again are left as they are. */
export async function insertFile(db: Db, file: Omit<typeof files.$inferInsert, 'createdAt'>): Promise<void> {
  await db.insert(files).values(file).onConflictDoNothing();
}

export async function findFile(db: Db, sha256: string): Promise<typeof files.$inferSelect | undefined> {
  const [file] = await db.select().from(files).where(eq(files.sha256, sha256)).limit(1);
  return file;
}
