import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the row (images, e-mail attachments): a Buffer in and out, whichever driver reads it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
