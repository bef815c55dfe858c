import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermsText, TermsView } from '@rian/proto-contracts/learning-terms';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useAcceptTerms } from '../api/terms';
import { SignaturePadField, type SignaturePadHandle } from './signature-pad-field';
import '../i18n';
import '../terms.css';

function TermsBody({ text }: { text: TermsText }) {
  return (
    <div className="terms__text" data-testid="terms-text" tabIndex={0}>
      <h3 className="terms__heading">{text.title}</h3>
      <p>{text.intro}</p>
      <ol>
        {text.clauses.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <p>{text.closing}</p>
    </div>
  );
}

/** After signing: when, and the signed PDF (its link is short-lived: it comes with each read). */
function Signed({ view }: { view: TermsView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const at = view.signedAt
    ? new Intl.DateTimeFormat(language === 'th' ? 'th-TH' : 'en-GB', {
        timeZone: 'Asia/Bangkok',
        dateStyle: 'long',
        timeStyle: 'short',
      }).format(new Date(view.signedAt))
    : '';
  return (
    <div className="terms__signed" data-testid="terms-signed">
      <p>{t('terms.signedAt', { at })}</p>
      {view.pdfUrl && (
        <a className="btn btn--primary btn--md" href={view.pdfUrl} download data-testid="terms-download">
          {t('terms.download')}
        </a>
      )}
    </div>
  );
}

/**
 * The course terms (spec 01 §2 "Course terms"): the agreement text, a signature pad with clear, a
 * checkbox that enables confirm, and a confirmation prompt; once signed, the PDF. The dialog and
 * the /signature page show the same panel.
 */
export function TermsPanel({ view }: { view: TermsView }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const pad = useRef<SignaturePadHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [agreed, setAgreed] = useState(false);
  const [asking, setAsking] = useState(false);
  const accept = useAcceptTerms();
  const text = language === 'en' ? view.en : view.th;

  if (view.signature === 'Y') {
    return (
      <div className="terms">
        <TermsBody text={text} />
        <Signed view={view} />
      </div>
    );
  }

  const confirm = () => {
    const p = pad.current;
    if (!p || p.isEmpty()) return;
    accept.mutate(
      { courseId: view.courseId, textHash: view.textHash, strokes: p.strokes(), png: p.png() },
      { onSettled: () => setAsking(false) },
    );
  };

  return (
    <div className="terms">
      <p className="terms__course" data-testid="terms-course">
        {t('terms.course', { title: view.courseTitle })}
      </p>
      <TermsBody text={text} />
      <div className="terms__pad-box">
        <div className="terms__pad-head">
          <span id="terms-pad-label">{t('terms.padLabel')}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => pad.current?.clear()}
            disabled={empty}
            data-testid="terms-clear"
          >
            {t('terms.clear')}
          </Button>
        </div>
        <SignaturePadField ref={pad} label={t('terms.padLabel')} onChange={setEmpty} />
        <p className="terms__hint">{t('terms.padHint')}</p>
      </div>
      <label className="check terms__agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="terms-agree"
        />
        {t('terms.agree')}
      </label>
      {accept.isError && (
        <Alert>
          <span data-testid="terms-error">{problemText(accept.error, language)}</span>
        </Alert>
      )}
      <div className="form__actions">
        <Button
          onClick={() => setAsking(true)}
          disabled={!agreed || empty}
          loading={accept.isPending}
          data-testid="terms-confirm"
        >
          {t('terms.confirm')}
        </Button>
      </div>
      {empty && agreed && <p className="terms__hint">{t('terms.signFirst')}</p>}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('terms.confirmTitle')}
        description={t('terms.confirmText', { title: view.courseTitle })}
        confirmLabel={t('terms.confirmYes')}
        cancelLabel={t('terms.confirmNo')}
        confirmVariant="primary"
        pending={accept.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
