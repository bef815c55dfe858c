import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrantMissingResult } from '@rian/proto-contracts/learning';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useGrantMissing } from '../api/enrolments';
import { useProductChoices } from '../api/people';

/**
 * "Grant to the paid buyers of product X": every member with a paid order of the product gets the
 * courses its list now holds that they miss (once per member and course; a second run grants none).
 */
export function GrantProductDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 300);
  const products = useProductChoices(q);
  const [productId, setProductId] = useState('');
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<GrantMissingResult | null>(null);
  const grant = useGrantMissing();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!productId) {
      setMissing(true);
      return;
    }
    setResult(null);
    setResult(await grant.mutateAsync(productId).catch(() => null));
  }

  return (
    <FormDialog
      title={t('learningAdmin.enrolments.grantProductTitle')}
      description={t('learningAdmin.enrolments.grantProductDescription')}
      closeLabel={t('form.close')}
      cancelLabel={result ? t('form.close') : t('form.cancel')}
      submitLabel={t('learningAdmin.enrolments.grantProductSubmit')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={grant.isPending}
      error={grant.isError ? problemText(grant.error, language) : null}
      testId="enrolment-grant-product-dialog"
    >
      <TextField
        type="search"
        label={t('learningAdmin.enrolments.productSearch')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="enrolment-grant-product-search"
      />
      <SelectField
        label={t('learningAdmin.enrolments.product')}
        value={productId}
        onChange={(e) => {
          setProductId(e.target.value);
          setMissing(false);
          setResult(null);
        }}
        error={missing ? t('learningAdmin.enrolments.validation.product') : null}
        data-testid="enrolment-grant-product-select"
      >
        <option value="">{t('learningAdmin.enrolments.chooseProduct')}</option>
        {products.data?.items.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </SelectField>
      {result && (
        <Alert tone="success">
          <span
            data-testid="enrolment-grant-product-result"
            data-granted={result.granted.length}
            data-buyers={result.buyers}
          >
            {result.courseIds.length === 0
              ? t('learningAdmin.enrolments.grantProductNoCourses')
              : t('learningAdmin.enrolments.grantProductResult', {
                  granted: result.granted.length,
                  buyers: result.buyers,
                  courses: result.courseIds.length,
                })}
          </span>
        </Alert>
      )}
    </FormDialog>
  );
}
