import { useTranslation } from 'react-i18next';
import type {
  EnrolmentAuditEntry,
  EnrolmentState,
  EnrolmentStaff,
} from '@rian/proto-contracts/learning-enrolments';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useEnrolmentAudit } from '../api/enrolments';
import { useStaffNames } from '../api/people';

/** the fields staff recognise, in the order the edit dialog shows them */
const SHOWN = [
  'status',
  'code',
  'courseStatus',
  'sptk',
  'special',
  'start',
  'end',
  'line',
  'facebook',
  'note',
  'selected',
  'source',
] as const satisfies readonly (keyof EnrolmentState)[];
type Shown = (typeof SHOWN)[number];

/** What an audit row changed: every shown field whose value differs (a grant: what it was granted with). */
export function changesOf(entry: EnrolmentAuditEntry): { field: Shown; before: string; after: string }[] {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '–' : String(v));
  return SHOWN.filter((f) =>
    entry.before ? entry.before[f] !== entry.after[f] : entry.after[f] !== null,
  ).map((field) => ({
    field,
    before: entry.before ? text(entry.before[field]) : '',
    after: text(entry.after[field]),
  }));
}

/** An enrolment's history: who, when, what, before → after (oldest first). */
export function EnrolmentAuditDialog({
  enrolment,
  onClose,
}: {
  enrolment: EnrolmentStaff;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const audit = useEnrolmentAudit(enrolment.id);
  const staffName = useStaffNames();
  const who = (id: string | null) => (id ? staffName(id) : t('learningAdmin.enrolments.audit.system'));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('learningAdmin.enrolments.audit.title')}
        description={enrolment.course?.title ?? enrolment.courseId}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="enrolment-audit-dialog"
      >
        {audit.isError && <Alert>{problemText(audit.error, language)}</Alert>}
        {audit.isPending && <Spinner label={t('admin.loading')} />}
        {audit.data && (
          <div className="table-wrap">
            <table className="table" data-testid="enrolment-audit-table">
              <thead>
                <tr>
                  <th scope="col">{t('learningAdmin.enrolments.audit.when')}</th>
                  <th scope="col">{t('learningAdmin.enrolments.audit.who')}</th>
                  <th scope="col">{t('learningAdmin.enrolments.audit.action')}</th>
                  <th scope="col">{t('learningAdmin.enrolments.audit.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((entry) => (
                  <tr key={entry.id} data-testid="enrolment-audit-row" data-action={entry.action}>
                    <td className="table__nowrap">{formatDateTime(entry.changedAt, language)}</td>
                    <td>{who(entry.changedBy)}</td>
                    <td>{t(`learningAdmin.enrolments.audit.actions.${entry.action}`)}</td>
                    <td>
                      <ul className="audit-changes">
                        {changesOf(entry).map((c) => (
                          <li key={c.field}>
                            <span className="audit-changes__field">
                              {t(`learningAdmin.enrolments.fields.${c.field}`)}
                            </span>
                            {': '}
                            {entry.before && (
                              <>
                                <del>{c.before}</del> →{' '}
                              </>
                            )}
                            <ins>{c.after}</ins>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
