import { useTranslation } from 'react-i18next';
import type { ImageKind } from '@rian/proto-contracts/media';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { problemText } from '@/lib/problem-text';
import { uploadMediaImage } from '@/lib/upload-image';
import { useLanguageStore } from '@/stores/language-store';
import '../i18n';

/**
 * A back-office picture (a catalog record's, a course's live picture, a group's QR image): uploaded
 * to media as `kind` (checked there by content), previewed through `resolve`, replaceable and
 * clearable; media's refusal shows on the field. The record keeps what media answered — its `url`,
 * or for the QR images read at /api/qr/{file} its `filename` (`keep`).
 */
export function StaffImageField({
  kind,
  keep = 'url',
  resolve,
  label,
  value,
  onChange,
  error,
  testId,
}: {
  kind: ImageKind;
  keep?: 'url' | 'filename';
  resolve: (value: string) => string;
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
      upload={async (file) => (await uploadMediaImage(kind, file))[keep]}
      resolve={resolve}
      describeError={(e) => problemText(e, language)}
      labels={{
        choose: t('admin.image.choose'),
        replace: t('admin.image.replace'),
        remove: t('admin.image.remove'),
        uploading: t('admin.image.uploading'),
        empty: t('admin.image.empty'),
        invalidType: t('admin.image.invalidType'),
      }}
      error={error}
      testId={testId}
    />
  );
}
