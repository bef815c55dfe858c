import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownCourse } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import type { Message } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useAddProductCourse, useProductCourses, useRemoveProductCourse } from '../api/product-courses';
import { useKnownCoursesOf } from '../api/known-courses';
import { ConfirmDelete } from './confirm-delete';
import { CoursePicker, courseLabel } from './course-picker';

/**
 * The courses a product grants on payment (spec "Package product": product_id, courses_id). Staff
 * pick learning's courses by title or code; an id is never typed (issue 11 item 13).
 */
export function ProductCourses({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const courses = useProductCourses(productId);
  const ids = courses.data?.courseIds ?? [];
  // the titles of the courses on the list (an id learning no longer has shows as it is)
  const named = useKnownCoursesOf(ids);
  const byId = new Map((named.data?.items ?? []).map((c) => [c.id, c]));
  const add = useAddProductCourse();
  const remove = useRemoveProductCourse();
  const [error, setError] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  async function onPick(course: KnownCourse) {
    setError(null);
    try {
      await add.mutateAsync({ productId, courseId: course.id });
    } catch (failure) {
      setError(isApiError(failure) ? { error: failure } : { key: 'error.title' });
    }
  }

  const nameOf = (id: string) => {
    const c = byId.get(id);
    return c ? courseLabel(c) : id;
  };

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.courses')}>
      <p className="admin__lead">{t('catalogAdmin.courses.lead')}</p>
      <div className="catalog-inline-form">
        <CoursePicker
          label={t('catalogAdmin.courses.pick')}
          onPick={(c) => void onPick(c)}
          exclude={ids}
          error={text(error)}
          testId="course-pick"
        />
        {add.isPending && <Spinner label={t('admin.loading')} />}
      </div>
      {courses.isError && <Alert>{problemText(courses.error, language)}</Alert>}
      {courses.isPending && !courses.isError && <Spinner label={t('admin.loading')} />}
      {courses.data && ids.length === 0 && <p>{t('catalogAdmin.courses.empty')}</p>}
      {courses.data && ids.length > 0 && (
        <ul className="catalog-chips" data-testid="courses">
          {ids.map((id) => (
            <li key={id} className="catalog-chip" data-testid="courses-row">
              <span>
                {nameOf(id)}
                {named.isSuccess && !byId.has(id) && (
                  <span className="table__sub">{t('catalogAdmin.courses.unknown')}</span>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRemoving(id)}
                aria-label={t('catalogAdmin.courses.removeOf', { id: nameOf(id) })}
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
        description={(id) => t('catalogAdmin.courses.deleteText', { id: nameOf(id) })}
        onClose={() => setRemoving(null)}
        onConfirm={(id) => remove.mutateAsync({ productId, courseId: id })}
      />
    </section>
  );
}
