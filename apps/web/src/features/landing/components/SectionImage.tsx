import type { SectionFile } from '@portal/domain';

/** A decorative section picture below the fold: sized to avoid layout shift, loaded only when near the screen. */
export function SectionImage({ file, className }: { file: SectionFile | undefined; className: string }) {
  if (!file) return null;
  return (
    <img
      className={className}
      src={file.url}
      width={file.width}
      height={file.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
