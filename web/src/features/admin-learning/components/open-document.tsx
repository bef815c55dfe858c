import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { documentUrl } from '../api/content';

/**
 * "Open" for a saved document: asks learning for a short-lived signed URL of its file (GET
 * /admin/documents/{id}/url) and opens it in a new tab. The tab is opened on the click itself (a
 * tab opened after the request would be a pop-up browsers block) and sent to the URL once it comes;
 * on a refusal the tab closes and the reason shows beside the button.
 */
export function OpenDocument({
  documentId,
  name,
  testId = 'document-open',
}: {
  documentId: string;
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    setPending(true);
    const tab = window.open('', '_blank');
    try {
      const { url } = await documentUrl(documentId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch (failure) {
      tab?.close();
      setError(problemText(failure, language));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        loading={pending}
        onClick={() => void open()}
        aria-label={t('learningAdmin.documents.openNamed', { name })}
        data-testid={testId}
      >
        {t('learningAdmin.documents.open')}
      </Button>
      {error && (
        <span role="alert" className="field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </>
  );
}
