import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { SelectField } from '@/components/ui/select-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Language } from '@/types/api';
import { useTemplatePreview, useTemplates } from '../api/get-templates';
import '../i18n';

/**
 * /admin/templates — every message notifications writes, previewed with sample data, with the files
 * its wording lives in (issue 20).
 */
export function AdminTemplatesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const templates = useTemplates();
  const [chosen, setChosen] = useState<string | undefined>();
  const [locale, setLocale] = useState<Language>('th');
  const name = chosen ?? templates.data?.[0]?.name;
  const entry = templates.data?.find((x) => x.name === name);
  const previewLocale = entry?.locales.includes(locale) ? locale : (entry?.locales[0] ?? 'th');
  const preview = useTemplatePreview(name, previewLocale);

  return (
    <>
      <h1 className="admin__heading">{t('admin.templatesTitle')}</h1>
      {templates.isError && <Alert>{problemText(templates.error, language)}</Alert>}
      {templates.isPending && !templates.isError && <Spinner label={t('admin.loading')} />}
      {templates.data && (
        <div className="admin-filter">
          <SelectField
            label={t('admin.templatesTitle')}
            value={name}
            onChange={(e) => setChosen(e.target.value)}
          >
            {templates.data.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.templateLanguage')}
            value={previewLocale}
            onChange={(e) => setLocale(e.target.value as Language)}
          >
            {(entry?.locales ?? ['th']).map((l) => (
              <option key={l} value={l}>
                {l === 'th' ? 'ไทย' : 'English'}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {preview.isError && <Alert>{problemText(preview.error, language)}</Alert>}
      {preview.data && (
        <section aria-label={t('admin.templatePreview')}>
          <h2>{preview.data.subject}</h2>
          {preview.data.files && preview.data.files.length > 0 && (
            <div className="admin-template-files">
              <h3 id="template-files">{t('admin.templateFiles')}</h3>
              <ul aria-labelledby="template-files">
                {preview.data.files.map((f) => (
                  <li key={f}>
                    <code>{f}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <pre className="table__text" data-testid="template-text">
            {preview.data.text}
          </pre>
          {preview.data.html && (
            <iframe
              title={`${t('admin.templatePreview')}: ${preview.data.subject}`}
              sandbox=""
              srcDoc={preview.data.html}
              style={{ width: '100%', minHeight: '24rem', border: '1px solid #ddd' }}
            />
          )}
        </section>
      )}
    </>
  );
}
