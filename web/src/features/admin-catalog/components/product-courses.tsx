import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import type { Message } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  useAddProductCourse,
  useLearningCourseChoices,
  useProductCourses,
  useRemoveProductCourse,
} from '../api/product-courses';
import { courseId } from '../lib/fields';
import { ConfirmDelete } from './confirm-delete';

/** The courses a product grants on payment (spec "Package product": product_id, courses_id). */
export function ProductCourses({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const courses = useProductCourses(productId);
  // learning's courses: the field suggests them, and each granted id shows its title
  const choices = useLearningCourseChoices();
  const titles = new Map((choices.data?.items ?? []).map((c) => [c.id, c.title]));
  const listId = `learning-courses-${productId}`;
  const add = useAddProductCourse();
  const remove = useRemoveProductCourse();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const invalid = courseId(draft);
    setError(invalid);
    if (invalid) return;
    try {
      await add.mutateAsync({ productId, courseId: draft.trim() });
      setDraft('');
    } catch (failure) {
      setError(isApiError(failure) ? { error: failure } : { key: 'error.title' });
    }
  }

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.courses')}>
      <p className="admin__lead">{t('catalogAdmin.courses.lead')}</p>
      <form className="catalog-inline-form" noValidate onSubmit={(e) => void onAdd(e)}>
        <TextField
          label={t('catalogAdmin.courses.courseId')}
          value={draft}
          maxLength={64}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          error={text(error)}
          list={listId}
          autoComplete="off"
          data-testid="course-id"
        />
        <datalist id={listId}>
          {(choices.data?.items ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.code ? `${c.title} (${c.code})` : c.title}
            </option>
          ))}
        </datalist>
        <Button type="submit" loading={add.isPending} data-testid="course-add">
          {t('catalogAdmin.courses.add')}
        </Button>
      </form>
      {courses.isError && <Alert>{problemText(courses.error, language)}</Alert>}
      {courses.isPending && !courses.isError && <Spinner label={t('admin.loading')} />}
      {courses.data && courses.data.courseIds.length === 0 && <p>{t('catalogAdmin.courses.empty')}</p>}
      {courses.data && courses.data.courseIds.length > 0 && (
        <ul className="catalog-chips" data-testid="courses">
          {courses.data.courseIds.map((id) => (
            <li key={id} className="catalog-chip" data-testid="courses-row">
              <span>
                {titles.get(id) ?? id}
                {titles.has(id) && <span className="table__sub">{id}</span>}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRemoving(id)}
                aria-label={t('catalogAdmin.courses.removeOf', { id })}
                data-testid="course-remove"
              >
                {t('catalogAdmin.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDelete
        target={removing}
        title={t('catalogAdmin.courses.deleteTitle')}
        description={(id) => t('catalogAdmin.courses.deleteText', { id })}
        onClose={() => setRemoving(null)}
        onConfirm={(id) => remove.mutateAsync({ productId, courseId: id })}
      />
    </section>
  );
}
