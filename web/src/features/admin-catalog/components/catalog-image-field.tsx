import type { ImageKind } from '@rian/proto-contracts/media';
import { StaffImageField } from '@/features/admin/components/staff-image-field';
import { imageSrc } from '../lib/fields';

/** An image of a catalog record, uploaded to media as `kind` and previewed. */
export function CatalogImageField({
  kind,
  label,
  value,
  onChange,
  error,
  testId,
}: {
  kind: ImageKind;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  testId: string;
}) {
  return (
    <StaffImageField
      kind={kind}
      resolve={(v) => imageSrc(kind, v)}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      testId={testId}
    />
  );
}

/** A small picture in a table cell (or a dash). */
export function Thumb({ kind, value, alt }: { kind: ImageKind; value: string | null; alt: string }) {
  return value ? (
    <img className="catalog-thumb" src={imageSrc(kind, value)} alt={alt} loading="lazy" />
  ) : (
    <>–</>
  );
}
