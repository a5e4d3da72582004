import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { checkImage, decodeBase64Image, type ImageLocation } from './check-image';
import { type ImageProfile, type StoredImage, storeImage } from './store-image';

/** A base64 upload (bare or a data: URL) checked by content and size, then re-encoded and stored. */
export async function storeUploadedImage(
  db: Db,
  base64: string,
  profile: ImageProfile,
  where: ImageLocation,
): Promise<StoredImage> {
  const bytes = decodeBase64Image(base64, where);
  checkImage(bytes, where);
  try {
    return await storeImage(db, bytes, profile, where.arquivo);
  } catch {
    // A file with an image signature that does not decode (truncated, corrupt).
    throw new AppError('IMAGE_NOT_AN_IMAGE', where);
  }
}
