import { useTranslation } from 'react-i18next';
import type { ImageKind } from '@rian/proto-contracts/media';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { uploadMediaImage } from '@/lib/upload-image';
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
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return (
    <ImageUploadField
      label={label}
      value={value}
      onChange={onChange}
      upload={async (file) => (await uploadMediaImage(kind, file)).url}
      resolve={(v) => imageSrc(kind, v)}
      describeError={(e) => problemText(e, language)}
      labels={{
        choose: t('catalogAdmin.image.choose'),
        replace: t('catalogAdmin.image.replace'),
        remove: t('catalogAdmin.image.remove'),
        uploading: t('catalogAdmin.image.uploading'),
        empty: t('catalogAdmin.image.empty'),
        invalidType: t('catalogAdmin.image.invalidType'),
      }}
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
