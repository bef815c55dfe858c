import { StaffImageField } from '@/features/admin/components/staff-image-field';
import { mediaImageSrc } from '@/lib/media-image';

export type LiveImageKind = 'live-streaming' | 'live-trade';

/** A course's live picture (the live page's poster): uploaded to media as `kind`, previewed, clearable. */
export function LiveImageField({
  kind,
  label,
  value,
  onChange,
  error,
  testId,
}: {
  kind: LiveImageKind;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  testId: string;
}) {
  return (
    <StaffImageField
      kind={kind}
      resolve={(v) => mediaImageSrc(kind, v) ?? v}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      testId={testId}
    />
  );
}

/** The course list's small live pictures (none: nothing). */
export function LiveThumb({ kind, value, alt }: { kind: LiveImageKind; value: string | null; alt: string }) {
  const src = mediaImageSrc(kind, value);
  return src ? <img className="learning-thumb" src={src} alt={alt} loading="lazy" /> : null;
}
