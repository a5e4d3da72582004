import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/** Stored images, addressed by the SHA-256 of their web-optimised bytes so each is stored once. */
export const files = pgTable('files', {
  sha256: text('sha256').primaryKey(),
  mimeType: text('mime_type').notNull(),
  extension: text('extension').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  originalName: text('original_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
