import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentStaff } from '@rian/proto-contracts/learning-content';
import type { DocumentStored } from '@rian/proto-contracts/media-assets';
import { FieldFrame } from '@/components/ui/field-frame';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import { isApiError } from '@/lib/api-client';
import type { MessageKey } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB, uploadDocument, useSaveDocument } from '../api/content';
import { DocumentLists } from './document-lists';
import { OpenDocument } from './open-document';

type Draft = { name: string; detail: string; type: string; position: string; fileId: string };
const FIELDS = ['name', 'detail', 'type', 'position', 'fileId'] as const;
const POSITION = /^[1-9][0-9]{0,6}$/;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The file behind the document as the dialog shows it: its name as uploaded, and the signed URL of
 * a file uploaded in this dialog (a saved document's file is opened through learning instead).
 */
type FileView = { name: string; bytes: number; url?: string };

export function validateDocument(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.name.trim()) errors.name = { key: 'validation.required' };
  if (!d.fileId) errors.fileId = { key: 'learningAdmin.documents.validation.file' };
  if (d.position.trim() && !POSITION.test(d.position.trim())) {
    errors.position = { key: 'learningAdmin.validation.item' };
  }
  return errors;
}

/** "report.final.pdf" → name "report.final", type "pdf" (what staff would type first). */
function fromFilename(filename: string): { name: string; type: string } {
  const dot = filename.lastIndexOf('.');
  return dot > 0
    ? {
        name: filename.slice(0, dot),
        type: filename
          .slice(dot + 1)
          .toLowerCase()
          .slice(0, 40),
      }
    : { name: filename, type: '' };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Learning hears of a file media stored through `media.file.stored`; a save right after the
 * upload may come before it (learning.document_file_unknown). Such a save is tried again a few
 * times, a little later each time, before the refusal is shown.
 */
const FILE_WAIT_MS = [300, 600, 1200, 2000];
const fileNotHeardYet = (error: unknown) =>
  isApiError(error) &&
  (error.code === 'learning.document_file_unknown' ||
    error.fieldErrors().fileId?.code === 'learning.document_file_unknown');

export async function saveDocumentWaitingForFile<T>(send: () => Promise<T>, fresh: boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const wait = FILE_WAIT_MS[attempt];
      if (!fresh || wait === undefined || !fileNotHeardYet(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Create or edit a document (spec 02 §3 "Document"): its file is uploaded to media as a private
 * document (checked by content there; the refusal shows under the file), then named and ordered
 * here. An existing document's list entries (a course, a session or a video) are kept below.
 */
export function DocumentDialog({
  document,
  onClose,
}: {
  document: DocumentStaff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const save = useSaveDocument();
  const [file, setFile] = useState<FileView | null>(
    document?.file
      ? { name: document.file.originalName ?? document.file.filename, bytes: document.file.bytes }
      : null,
  );
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // a file uploaded in this dialog: learning may not have heard of it yet
  const [fresh, setFresh] = useState(false);
  const form = useEditForm<Draft>(() => ({
    name: document?.name ?? '',
    detail: document?.detail ?? '',
    type: document?.type ?? '',
    position: String(document?.position ?? ''),
    fileId: document?.fileId ?? '',
  }));
  const { draft, set, bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setUploadError(null);
    setUploading(true);
    try {
      const stored: DocumentStored = await uploadDocument(chosen);
      setFile({ name: stored.originalName, bytes: stored.bytes, url: stored.url });
      setFresh(true);
      set('fileId', stored.fileId);
      const guess = fromFilename(stored.originalName);
      if (!draft.name.trim()) set('name', guess.name.slice(0, 200));
      if (!draft.type.trim()) set('type', guess.type);
    } catch (failure) {
      setUploadError(problemText(failure, language));
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateDocument,
      send: (d) =>
        saveDocumentWaitingForFile(
          () =>
            save.mutateAsync({
              id: document?.id ?? null,
              body: {
                name: d.name.trim(),
                detail: orNull(d.detail),
                type: orNull(d.type),
                ...(d.position.trim() ? { position: Number(d.position.trim()) } : {}),
                fileId: d.fileId,
              },
            }),
          fresh,
        ),
      fields: FIELDS,
      codeFields: { 'learning.document_file_unknown': 'fileId' },
    });
    if (ok) onClose();
  }

  const fileError = uploadError ?? form.errorText('fileId');
  return (
    <FormDialog
      wide
      title={document ? t('learningAdmin.documents.editTitle') : t('learningAdmin.documents.createTitle')}
      description={document ? document.name : t('learningAdmin.documents.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={document ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending || uploading}
      error={form.formError}
      formRef={form.formRef}
      testId="document-dialog"
      footer={
        document ? (
          <DocumentLists document={document} />
        ) : (
          <p className="admin__lead">{t('learningAdmin.documents.listsAfterSave')}</p>
        )
      }
    >
      <div className="form__grid">
        <FieldFrame
          className="learning-form__full"
          label={t('learningAdmin.documents.file')}
          hint={t('learningAdmin.documents.fileHint', { mb: DOCUMENT_MAX_MB })}
          error={fileError}
        >
          {(control) => (
            <div className="learning-file">
              <input
                {...control}
                type="file"
                className="learning-file__input"
                accept={DOCUMENT_ACCEPT}
                disabled={uploading}
                onChange={(e) => void onFile(e)}
                data-testid="document-upload"
              />
              {uploading && <span role="status">{t('learningAdmin.documents.uploading')}</span>}
              {file && !uploading && (
                <span className="learning-file__name" data-testid="document-file">
                  {file.name} · {formatBytes(file.bytes)}
                  {file.url ? (
                    <a
                      href={file.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="document-file-open"
                    >
                      {t('learningAdmin.documents.open')}
                    </a>
                  ) : (
                    document && (
                      <OpenDocument
                        documentId={document.id}
                        name={document.name}
                        testId="document-saved-open"
                      />
                    )
                  )}
                </span>
              )}
            </div>
          )}
        </FieldFrame>
        <TextField
          className="learning-form__full"
          label={t('learningAdmin.documents.name')}
          maxLength={200}
          {...bind('name', 'document-name')}
        />
        <TextField
          label={optional('learningAdmin.documents.type')}
          hint={t('learningAdmin.documents.typeHint')}
          maxLength={40}
          {...bind('type', 'document-type')}
        />
        <TextField
          label={optional('learningAdmin.documents.position')}
          hint={t('learningAdmin.documents.positionHint')}
          inputMode="numeric"
          maxLength={7}
          {...bind('position', 'document-position')}
        />
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.documents.detail')}
          rows={3}
          maxLength={20_000}
          {...bind('detail', 'document-detail')}
        />
      </div>
    </FormDialog>
  );
}
