import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { MemberOnly } from '@/features/member/routes/member-area';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useTerms } from '../api/terms';
import { TermsPanel } from '../components/terms-panel';
import '../i18n';

function SignatureContent() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  // the selected enrolment's terms, as the dialog shows them on entering the member area
  const terms = useTerms(null);
  return (
    <main className="terms-page" id="main" data-testid="signature-page">
      <h1>{t('terms.pageTitle')}</h1>
      {terms.isPending && <Spinner label={t('terms.loading')} />}
      {terms.isError && (
        <Alert>
          <span data-testid="signature-error">
            {(terms.error as { code?: string }).code === 'learning.enrolment_not_found'
              ? t('terms.none')
              : problemText(terms.error, language)}
          </span>
        </Alert>
      )}
      {terms.data && <TermsPanel view={terms.data} />}
      <p>
        <Link to="/member">{t('terms.back')}</Link>
      </p>
    </main>
  );
}

/** Spec 01 /signature: the course terms of the selected course as a page (members only). */
export function SignatureRoute() {
  return <MemberOnly>{() => <SignatureContent />}</MemberOnly>;
}
