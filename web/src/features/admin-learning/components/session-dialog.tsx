import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedDocument, SessionStaff, SessionType } from '@rian/proto-contracts/learning-content';
import type { YesNo } from '@rian/proto-contracts/enums';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import { isApiError } from '@/lib/api-client';
import type { MessageKey } from '@/lib/message';
import {
  SESSION_TYPES,
  useAddDocumentList,
  useCourseVideos,
  useDocumentOptions,
  useInstructorOptions,
  useRemoveDocumentList,
  useSaveSession,
  useZoomRoomOptions,
} from '../api/content';

type Draft = {
  type: SessionType;
  item: string;
  title: string;
  detail: string;
  date: string;
  start: string;
  to: string;
  unlimited: boolean;
  close: string;
  view: boolean;
  checkin: boolean;
  special: boolean;
  rating: string;
  pdf: string;
  videoId: string;
  zoomRoomId: string;
  instructorId: string;
};
const FIELDS = [
  'type',
  'item',
  'title',
  'detail',
  'date',
  'start',
  'to',
  'close',
  'view',
  'checkin',
  'special',
  'rating',
  'pdf',
  'videoId',
  'zoomRoomId',
  'instructorId',
] as const;

const orNull = (v: string) => (v.trim() ? v.trim() : null);
const yn = (b: boolean): YesNo => (b ? 'Y' : 'N');
const ITEM = /^[1-9][0-9]{0,6}$/;

export function validateSession(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.title.trim()) errors.title = { key: 'validation.required' };
  if (!d.date) errors.date = { key: 'validation.required' };
  if (d.item.trim() && !ITEM.test(d.item.trim())) errors.item = { key: 'learningAdmin.validation.item' };
  // HH:mm strings compare in time order
  if (d.start && d.to && d.start >= d.to) errors.to = { key: 'learningAdmin.sessions.validation.timeOrder' };
  if (!d.unlimited) {
    if (!d.close) errors.close = { key: 'validation.required' };
    else if (d.date && d.close < d.date)
      errors.close = { key: 'learningAdmin.sessions.validation.closeBeforeDate' };
  }
  return errors;
}

/**
 * Create or edit a course's session (spec 02 §3 "Course session"; defaults of §9: video, close
 * unlimit, view Y, check-in N, special N, rating 1). Its video is one of the course's; its Zoom room,
 * instructor and documents are picked from their lists. Documents are listed on the session after
 * it is saved (document lists: one entry per document).
 */
export function SessionDialog({
  courseId,
  session,
  onClose,
}: {
  courseId: string;
  session: SessionStaff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSession(courseId);
  const videos = useCourseVideos(courseId);
  const rooms = useZoomRoomOptions();
  const instructors = useInstructorOptions();
  const documentOptions = useDocumentOptions();
  const addList = useAddDocumentList();
  const removeList = useRemoveDocumentList();
  const [docs, setDocs] = useState<readonly Pick<ListedDocument, 'documentId' | 'name'>[]>(
    session?.documents ?? [],
  );
  const [docPick, setDocPick] = useState('');
  const form = useEditForm<Draft>(() => ({
    type: session?.type ?? 'video',
    item: String(session?.item ?? ''),
    title: session?.title ?? '',
    detail: session?.detail ?? '',
    date: session?.date ?? '',
    start: session?.start ?? '',
    to: session?.to ?? '',
    unlimited: !session || session.close === 'unlimit',
    close: session && session.close !== 'unlimit' ? session.close : '',
    view: session ? session.view === 'Y' : true,
    checkin: session?.checkin === 'Y',
    special: session?.special === 'Y',
    rating: String(session?.rating ?? 1),
    pdf: session?.pdf ?? '',
    videoId: session?.videoId ?? '',
    zoomRoomId: session?.zoomRoomId ?? '',
    instructorId: session?.instructorId ?? '',
  }));
  const { draft, set, bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  /** the documents' list entries follow the dialog's choice once the session is saved */
  async function saveDocuments(sessionId: string) {
    const before = new Map((session?.documents ?? []).map((d) => [d.documentId, d.documentListId]));
    const after = new Set(docs.map((d) => d.documentId));
    // a second save after a partial failure meets entries already made or gone: both are fine
    const done = (codes: string[]) => (error: unknown) => {
      if (!isApiError(error) || !codes.includes(error.code)) throw error;
    };
    for (const [documentId, listId] of before) {
      if (!after.has(documentId)) {
        await removeList.mutateAsync(listId).catch(done(['learning.document_list_not_found']));
      }
    }
    for (const documentId of after) {
      if (!before.has(documentId)) {
        await addList.mutateAsync({ documentId, sessionId }).catch(done(['learning.document_list_exists']));
      }
    }
  }

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateSession,
      send: async (d) => {
        const saved = await save.mutateAsync({
          id: session?.id ?? null,
          body: {
            type: d.type,
            ...(d.item.trim() ? { item: Number(d.item.trim()) } : {}),
            title: d.title.trim(),
            detail: orNull(d.detail),
            date: d.date,
            start: d.start || null,
            to: d.to || null,
            close: d.unlimited ? 'unlimit' : d.close,
            view: yn(d.view),
            checkin: yn(d.checkin),
            special: yn(d.special),
            rating: Number(d.rating),
            pdf: orNull(d.pdf),
            videoId: d.videoId || null,
            zoomRoomId: d.zoomRoomId || null,
            instructorId: d.instructorId || null,
          },
        });
        await saveDocuments(saved.id);
      },
      fields: FIELDS,
      codeFields: {
        'learning.video_unknown': 'videoId',
        'learning.zoom_room_unknown': 'zoomRoomId',
        'learning.instructor_unknown': 'instructorId',
        'learning.session_time_order': 'to',
        'learning.session_close_before_date': 'close',
      },
    });
    if (ok) onClose();
  }

  const pickable = (documentOptions.data?.items ?? []).filter(
    (o) => !docs.some((d) => d.documentId === o.id),
  );

  return (
    <FormDialog
      wide
      title={session ? t('learningAdmin.sessions.editTitle') : t('learningAdmin.sessions.createTitle')}
      description={session ? session.title : t('learningAdmin.sessions.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={session ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="session-dialog"
    >
      <div className="form__grid">
        <SelectField label={t('learningAdmin.sessions.type')} {...bind('type', 'session-type')}>
          {SESSION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`learningAdmin.sessions.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={optional('learningAdmin.sessions.item')}
          hint={t('learningAdmin.sessions.itemHint')}
          inputMode="numeric"
          maxLength={7}
          {...bind('item', 'session-item')}
        />
        <TextField
          className="learning-form__full"
          label={t('learningAdmin.sessions.sessionTitle')}
          maxLength={200}
          {...bind('title', 'session-title')}
        />
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.sessions.detail')}
          rows={3}
          maxLength={20_000}
          {...bind('detail', 'session-detail')}
        />
        <TextField type="date" label={t('learningAdmin.sessions.date')} {...bind('date', 'session-date')} />
        <div className="learning-form__pair">
          <TextField
            type="time"
            label={optional('learningAdmin.sessions.start')}
            {...bind('start', 'session-start')}
          />
          <TextField
            type="time"
            label={optional('learningAdmin.sessions.to')}
            {...bind('to', 'session-to')}
          />
        </div>
        <fieldset className="learning-form__fieldset">
          <legend className="field__label">{t('learningAdmin.sessions.close')}</legend>
          <CheckField
            label={t('learningAdmin.sessions.unlimited')}
            checked={draft.unlimited}
            onChange={(e) => set('unlimited', e.target.checked)}
            data-testid="session-unlimited"
          />
          {!draft.unlimited && (
            <TextField
              type="date"
              label={t('learningAdmin.sessions.closeDate')}
              hint={t('learningAdmin.sessions.closeHint')}
              {...bind('close', 'session-close')}
            />
          )}
          {draft.unlimited && form.errorText('close') && (
            <p className="field__error" aria-live="polite">
              {form.errorText('close')}
            </p>
          )}
        </fieldset>
        <fieldset className="learning-form__fieldset">
          <legend className="field__label">{t('learningAdmin.sessions.flags')}</legend>
          <CheckField
            label={t('learningAdmin.sessions.view')}
            checked={draft.view}
            onChange={(e) => set('view', e.target.checked)}
            data-testid="session-view"
          />
          <CheckField
            label={t('learningAdmin.sessions.checkin')}
            checked={draft.checkin}
            onChange={(e) => set('checkin', e.target.checked)}
            data-testid="session-checkin"
          />
          <CheckField
            label={t('learningAdmin.sessions.special')}
            checked={draft.special}
            onChange={(e) => set('special', e.target.checked)}
            data-testid="session-special"
          />
        </fieldset>
        <SelectField label={t('learningAdmin.sessions.rating')} {...bind('rating', 'session-rating-field')}>
          {[1, 2, 3, 4, 5].map((r) => (
            <option key={r} value={String(r)}>
              {r}
            </option>
          ))}
        </SelectField>
        <TextField
          label={optional('learningAdmin.sessions.pdf')}
          hint={t('learningAdmin.sessions.pdfHint')}
          maxLength={300}
          {...bind('pdf', 'session-pdf')}
        />
        <SelectField
          label={optional('learningAdmin.sessions.video')}
          hint={videos.data && !videos.data.items.length ? t('learningAdmin.sessions.noVideos') : undefined}
          {...bind('videoId', 'session-video')}
        >
          <option value="">{t('learningAdmin.none')}</option>
          {(videos.data?.items ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={optional('learningAdmin.sessions.zoomRoom')}
          {...bind('zoomRoomId', 'session-zoom')}
        >
          <option value="">{t('learningAdmin.none')}</option>
          {(rooms.data?.items ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={optional('learningAdmin.sessions.instructor')}
          {...bind('instructorId', 'session-instructor')}
        >
          <option value="">{t('learningAdmin.none')}</option>
          {session?.instructorId &&
            instructors.data &&
            !instructors.data.items.some((i) => i.id === session.instructorId) && (
              <option value={session.instructorId}>{session.instructor?.name ?? session.instructorId}</option>
            )}
          {(instructors.data?.items ?? []).map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="learning-form__fieldset learning-form__full" data-testid="session-documents">
          <legend className="field__label">{t('learningAdmin.sessions.documents')}</legend>
          {docs.length === 0 && <p className="field__hint">{t('learningAdmin.sessions.noDocuments')}</p>}
          <ul className="learning-chips">
            {docs.map((d) => (
              <li key={d.documentId} className="learning-chip" data-testid="session-document">
                <span>{d.name}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDocs((list) => list.filter((x) => x.documentId !== d.documentId))}
                  aria-label={t('learningAdmin.sessions.removeDocument', { name: d.name })}
                  data-testid="session-document-remove"
                >
                  {t('learningAdmin.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="learning-inline">
            <SelectField
              label={t('learningAdmin.sessions.addDocument')}
              value={docPick}
              onChange={(e) => setDocPick(e.target.value)}
              data-testid="session-document-pick"
            >
              <option value="">{t('learningAdmin.choose')}</option>
              {pickable.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
            <Button
              variant="secondary"
              size="sm"
              disabled={!docPick}
              onClick={() => {
                const o = pickable.find((x) => x.id === docPick);
                if (o) setDocs((list) => [...list, { documentId: o.id, name: o.name }]);
                setDocPick('');
              }}
              data-testid="session-document-add"
            >
              {t('learningAdmin.add')}
            </Button>
          </div>
        </fieldset>
      </div>
    </FormDialog>
  );
}
