import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useCreateProductFromPackage } from '../api/packages';
import { courseId, failed, splitList, urlSegment } from '../lib/fields';

type Draft = { url: string; courseIds: string };

/** Spec "CreatePackages": a product made from a package, with the courses it grants. */
export function PackageProductDialog({ pkg, onClose }: { pkg: PackageStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProductFromPackage();
  const [created, setCreated] = useState<string | null>(null);
  const form = useEditForm<Draft>(() => ({ url: pkg.url, courseIds: '' }));

  async function onSubmit(event: FormEvent) {
    await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          url: urlSegment(d.url),
          courseIds: splitList(d.courseIds).map(courseId).find(Boolean) ?? null,
        }),
      send: async (d) => {
        const result = await create.mutateAsync({
          id: pkg.id,
          body: { url: d.url.trim(), courseIds: splitList(d.courseIds) },
        });
        setCreated(result.product.url);
      },
      fields: ['url', 'courseIds'],
      codeFields: { 'catalog.product_url_taken': 'url' },
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
      <TextAreaField
        label={`${t('catalogAdmin.packages.courseIds')} ${t('form.optional')}`}
        hint={t('catalogAdmin.packages.courseIdsHint')}
        {...form.bind('courseIds', 'package-product-courses')}
      />
    </FormDialog>
  );
}
