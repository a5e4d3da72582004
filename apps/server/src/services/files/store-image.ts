import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { insertFile } from '../../repositories/file-repository';

// Images are resized and re-encoded once, on upload, so every visitor downloads a small file.
const IMAGE_PROFILES = {
  logo: { width: 480, height: 240, fit: 'inside', format: 'webp' },
  favicon: { width: 64, height: 64, fit: 'contain', format: 'png' },
  headerDesktop: { width: 1600, height: 900, fit: 'inside', format: 'webp' },
  headerMobile: { width: 800, height: 1000, fit: 'inside', format: 'webp' },
  section: { width: 960, height: 960, fit: 'inside', format: 'webp' },
  partnerLogo: { width: 320, height: 160, fit: 'inside', format: 'webp' },
} as const;

export type ImageProfile = keyof typeof IMAGE_PROFILES;

export interface StoredImage {
  sha256: string;
  extension: string;
  width: number;
  height: number;
}

export function fileUrl(file: { sha256: string; extension: string }): string {
  return `/files/${file.sha256}.${file.extension}`;
}

export async function storeImage(
  db: Db,
  input: Buffer,
  profile: ImageProfile,
  originalName?: string,
): Promise<StoredImage> {
  const spec = IMAGE_PROFILES[profile];
  const pipeline = sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({
      width: spec.width,
      height: spec.height,
      fit: spec.fit,
      withoutEnlargement: true,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  const { data, info } =
    spec.format === 'png'
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await pipeline.webp({ quality: 78, effort: 4 }).toBuffer({ resolveWithObject: true });
  const sha256 = createHash('sha256').update(data).digest('hex');
  const extension = spec.format;
  await insertFile(db, {
    sha256,
    mimeType: `image/${extension}`,
    extension,
    bytes: data,
    width: info.width,
    height: info.height,
    originalName: originalName ?? null,
  });
  return { sha256, extension, width: info.width, height: info.height };
}
