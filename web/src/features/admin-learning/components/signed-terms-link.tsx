import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermsStaffView } from '@rian/proto-contracts/learning-terms';
import { Button } from '@/components/ui/button';
import { staffApi } from '@/lib/staff-api';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';

/**
 * Issue 16: the member's signed course terms of this enrolment (spec 01 user_courses_signature,
 * user_courses_condition_path). "Open PDF" asks learning for a fresh short-lived URL on the click
 * (GET /admin/enrolments/{id}/terms) and opens it in a tab opened during the click (D68).
 */
export function SignedTermsLink({ enrolmentId, signed }: { enrolmentId: string; signed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    setPending(true);
    const tab = window.open('', '_blank');
    try {
      const view = await staffApi<TermsStaffView>(
        `/learning/admin/enrolments/${encodeURIComponent(enrolmentId)}/terms`,
      );
      if (!view.pdfUrl) throw new Error(t('learningAdmin.enrolments.termsUnsigned'));
      if (tab) {
        tab.opener = null;
        tab.location.href = view.pdfUrl;
      } else window.open(view.pdfUrl, '_blank', 'noopener,noreferrer');
    } catch (failure) {
      tab?.close();
      setError(
        failure instanceof Error && !('code' in failure) ? failure.message : problemText(failure, language),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="enrolment-flags learning-form__full" data-testid="enrolment-terms">
      <span>
        {t('learningAdmin.enrolments.terms')}:{' '}
        {signed ? t('learningAdmin.enrolments.termsSigned') : t('learningAdmin.enrolments.termsUnsigned')}
      </span>
      {signed && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={() => void open()}
          data-testid="enrolment-terms-open"
        >
          {t('learningAdmin.enrolments.termsOpen')}
        </Button>
      )}
      {error && (
        <span role="alert" className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
