import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownCourse, PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useCreateProductFromPackage } from '../api/packages';
import { failed, urlSegment } from '../lib/fields';
import { CoursePicker, courseLabel } from './course-picker';

type Draft = { url: string; courses: KnownCourse[] };

/**
 * Spec "CreatePackages": a product made from a package, with the courses it grants — picked from
 * learning's courses by title or code (issue 11 item 13).
 */
export function PackageProductDialog({ pkg, onClose }: { pkg: PackageStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProductFromPackage();
  const [created, setCreated] = useState<string | null>(null);
  const form = useEditForm<Draft>(() => ({ url: pkg.url, courses: [] }));
  const courses = form.draft.courses;

  async function onSubmit(event: FormEvent) {
    await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          url: urlSegment(d.url),
        }),
      send: async (d) => {
        const result = await create.mutateAsync({
          id: pkg.id,
          body: { url: d.url.trim(), courseIds: d.courses.map((c) => c.id) },
        });
        setCreated(result.product.url);
      },
      fields: ['url', 'courses'],
      codeFields: { 'catalog.product_url_taken': 'url', 'catalog.course_unknown': 'courses' },
    });
  }

  return (
    <FormDialog
      title={t('catalogAdmin.packages.toProductTitle')}
      description={t('catalogAdmin.packages.toProductText', { title: pkg.title })}
      closeLabel={t('form.close')}
      cancelLabel={created ? t('form.close') : t('form.cancel')}
      submitLabel={t('catalogAdmin.packages.toProduct')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="package-product-dialog"
    >
      {created && (
        <Alert tone="success">
          <span data-testid="package-product-created">
            {t('catalogAdmin.packages.toProductDone', { url: created })}
          </span>
        </Alert>
      )}
      <TextField
        label={t('catalogAdmin.offer.url')}
        hint={t('catalogAdmin.offer.urlHint.product')}
        {...form.bind('url', 'package-product-url')}
      />
      <CoursePicker
        label={`${t('catalogAdmin.packages.courseIds')} ${t('form.optional')}`}
        onPick={(c) => form.set('courses', [...courses, c])}
        exclude={courses.map((c) => c.id)}
        error={form.errorText('courses')}
        testId="package-product-courses"
      />
      {courses.length > 0 && (
        <ul className="catalog-chips" data-testid="package-product-course-list">
          {courses.map((c) => (
            <li key={c.id} className="catalog-chip">
              <span>{courseLabel(c)}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  form.set(
                    'courses',
                    courses.filter((x) => x.id !== c.id),
                  )
                }
                aria-label={t('catalogAdmin.courses.removeOf', { id: courseLabel(c) })}
              >
                {t('catalogAdmin.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
