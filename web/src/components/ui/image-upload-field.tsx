import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from './button';
import './image-upload-field.css';

/** What an image field accepts (the media service checks the bytes again). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type ImageUploadLabels = {
  choose: string;
  replace: string;
  remove: string;
  uploading: string;
  empty: string;
  invalidType: string;
};

/**
 * An image picked from the device, uploaded at once, then previewed. `value` is what the record
 * stores (what `upload` resolved to); `resolve` turns it into an address for the preview.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  upload,
  resolve = (v) => v,
  describeError,
  labels,
  error,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  upload: (file: File) => Promise<string>;
  resolve?: (value: string) => string;
  describeError: (error: unknown) => string;
  labels: ImageUploadLabels;
  /** an error of the record's own field (e.g. from the server) */
  error?: string | null;
  testId: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error ?? null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // the same file chosen again must fire a change too
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(labels.invalidType);
      return;
    }
    setUploading(true);
    try {
      onChange(await upload(file));
    } catch (failure) {
      setUploadError(describeError(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={['field', 'image-field', shown ? 'field--invalid' : null].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-field__row">
        {value ? (
          <img
            className="image-field__preview"
            src={resolve(value)}
            alt={label}
            data-testid={`${testId}-preview`}
          />
        ) : (
          <span className="image-field__empty">{labels.empty}</span>
        )}
        <div className="image-field__actions">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={shown ? `${id}-error` : undefined}
            disabled={uploading}
            onChange={(e) => void onFile(e)}
            data-testid={`${testId}-input`}
          />
          <Button
            variant="secondary"
            size="sm"
            loading={uploading}
            onClick={() => inputRef.current?.click()}
            data-testid={`${testId}-choose`}
          >
            {uploading ? labels.uploading : value ? labels.replace : labels.choose}
          </Button>
          {value && !uploading && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} data-testid={`${testId}-remove`}>
              {labels.remove}
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-error`} className="field__error" aria-live="polite">
        {shown ?? ''}
      </p>
    </div>
  );
}
