import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentListStaff, DocumentStaff } from '@rian/proto-contracts/learning-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  useAddDocumentList,
  useCourseOptions,
  useCourseVideos,
  useDocumentLists,
  useRemoveDocumentList,
  useSessionOptions,
  useVideo,
} from '../api/content';

type Kind = 'course' | 'session' | 'video';
const kindOf = (e: DocumentListStaff): Kind => (e.videoId ? 'video' : e.sessionId ? 'session' : 'course');

function VideoName({ id }: { id: string }) {
  const video = useVideo(id);
  return <>{video.data?.name ?? id}</>;
}

/**
 * Where a document is listed (spec 02 §3 "Document list"): each entry ties it to one course, one
 * session or one video. Staff pick a course, then the course itself, one of its sessions or one of
 * its videos.
 */
export function DocumentLists({ document }: { document: DocumentStaff }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const entries = useDocumentLists({ documentId: document.id });
  const courses = useCourseOptions();
  const [courseId, setCourseId] = useState('');
  const [target, setTarget] = useState('');
  const sessions = useSessionOptions(courseId);
  const videos = useCourseVideos(courseId);
  const add = useAddDocumentList();
  const remove = useRemoveDocumentList();
  const [error, setError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<DocumentListStaff | null>(null);

  const courseTitle = (id: string) => courses.data?.items.find((c) => c.id === id)?.title ?? id;
  const sessionTitle = (id: string) => {
    const s = sessions.data?.items.find((x) => x.id === id);
    return s
      ? `${formatDay(s.date, language)} · ${s.title}`
      : t('learningAdmin.documents.lists.otherSession');
  };
  const nameOf = (e: DocumentListStaff) =>
    e.videoId ? (
      <VideoName id={e.videoId} />
    ) : e.sessionId ? (
      sessionTitle(e.sessionId)
    ) : (
      courseTitle(e.courseId ?? '')
    );

  async function onAdd() {
    const [kind, id] = target.split(':') as [Kind, string];
    if (!id) return;
    setError(null);
    try {
      await add.mutateAsync({ documentId: document.id, [`${kind}Id`]: id });
      setTarget('');
    } catch (failure) {
      setError(failure);
    }
  }

  const items = entries.data?.items ?? [];
  return (
    <section className="learning-lists" aria-labelledby="document-lists-title" data-testid="document-lists">
      <h3 id="document-lists-title" className="learning-lists__title">
        {t('learningAdmin.documents.lists.title')}
      </h3>
      {entries.isError && <Alert>{problemText(entries.error, language)}</Alert>}
      {entries.isPending && <Spinner label={t('admin.loading')} />}
      {entries.data && items.length === 0 && (
        <p className="field__hint">{t('learningAdmin.documents.lists.empty')}</p>
      )}
      <ul className="learning-chips">
        {items.map((e) => (
          <li key={e.id} className="learning-chip" data-testid="document-list-entry" data-kind={kindOf(e)}>
            <span>
              <span className="badge">{t(`learningAdmin.documents.lists.kinds.${kindOf(e)}`)}</span>{' '}
              {nameOf(e)}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRemoving(e)}
              aria-label={t('learningAdmin.documents.lists.removeOf', {
                kind: t(`learningAdmin.documents.lists.kinds.${kindOf(e)}`),
              })}
              data-testid="document-list-remove"
            >
              {t('learningAdmin.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="learning-inline">
        <SelectField
          label={t('learningAdmin.documents.lists.course')}
          value={courseId}
          onChange={(e) => {
            setCourseId(e.target.value);
            setTarget('');
          }}
          data-testid="document-list-course"
        >
          <option value="">{t('learningAdmin.choose')}</option>
          {(courses.data?.items ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.code ? `${c.title} (${c.code})` : c.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('learningAdmin.documents.lists.target')}
          value={target}
          disabled={!courseId}
          onChange={(e) => setTarget(e.target.value)}
          data-testid="document-list-target"
        >
          <option value="">{t('learningAdmin.choose')}</option>
          {courseId && (
            <option value={`course:${courseId}`}>{t('learningAdmin.documents.lists.wholeCourse')}</option>
          )}
          {(sessions.data?.items ?? []).length > 0 && (
            <optgroup label={t('learningAdmin.documents.lists.sessions')}>
              {sessions.data!.items.map((s) => (
                <option key={s.id} value={`session:${s.id}`}>
                  {`${formatDay(s.date, language)} · ${s.title}`}
                </option>
              ))}
            </optgroup>
          )}
          {courseId && (videos.data?.items ?? []).length > 0 && (
            <optgroup label={t('learningAdmin.documents.lists.videos')}>
              {videos.data!.items.map((v) => (
                <option key={v.id} value={`video:${v.id}`}>
                  {v.name}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <Button
          variant="secondary"
          size="sm"
          disabled={!target}
          loading={add.isPending}
          onClick={() => void onAdd()}
          data-testid="document-list-add"
        >
          {t('learningAdmin.add')}
        </Button>
      </div>
      {error != null && (
        <Alert>
          <span data-testid="document-list-error">{problemText(error, language)}</span>
        </Alert>
      )}
      <ConfirmDelete
        target={removing}
        title={t('learningAdmin.documents.lists.deleteTitle')}
        description={(e) =>
          t('learningAdmin.documents.lists.deleteText', {
            kind: t(`learningAdmin.documents.lists.kinds.${kindOf(e)}`),
          })
        }
        confirmLabel={t('learningAdmin.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={(e) => remove.mutateAsync(e.id)}
        errorTestId="document-list-remove-error"
      />
    </section>
  );
}
