import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { mediaImageSrc } from '@/lib/media-image';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { uploadMediaImage } from '@/lib/upload-image';

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
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return (
    <ImageUploadField
      label={label}
      value={value}
      onChange={onChange}
      upload={async (file) => (await uploadMediaImage(kind, file)).url}
      resolve={(v) => mediaImageSrc(kind, v) ?? v}
      describeError={(e) => problemText(e, language)}
      labels={{
        choose: t('learningAdmin.image.choose'),
        replace: t('learningAdmin.image.replace'),
        remove: t('learningAdmin.image.remove'),
        uploading: t('learningAdmin.image.uploading'),
        empty: t('learningAdmin.image.empty'),
        invalidType: t('learningAdmin.image.invalidType'),
      }}
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
