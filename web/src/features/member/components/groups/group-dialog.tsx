import { useTranslation } from 'react-i18next';
import type { MemberGroupMember } from '@rian/proto-contracts/learning-groups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { User } from '@/types/api';
import { useJoinGroup } from '../../api/member-groups';
import { CopyRow } from '../dialogs/member-dialogs';

/** The LINE dialog's code: the course code plus the nickname (the first name without one). */
export function lineCode(courseCode: string | null, user: Pick<User, 'nickname' | 'firstName'>): string {
  return [courseCode ?? '', user.nickname || user.firstName].filter(Boolean).join(' ');
}

/** A QR image media serves publicly at /api/qr/{file}; a dash when staff have not uploaded one. */
function Qr({ file, label, testId }: { file: string | null; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <figure className="group-dialog__qr" data-testid={testId}>
      {file ? (
        <img
          src={`/api/qr/${encodeURIComponent(file)}`}
          alt={label}
          width={220}
          height={220}
          loading="lazy"
        />
      ) : (
        <span className="group-dialog__qr-none">{t('memberGroups.noQr')}</span>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/**
 * Spec 01 §2 "Messaging-app group and social-network group": persistent (only its buttons close
 * it), width 800; the two QR images, a copyable group URL, the member's copyable full name and
 * phone, and for LINE the code "course code + nickname". On phones the detail card moves below
 * the QR images. The member asks to join with its button (recorded once).
 */
export function GroupDialog({
  group,
  courseCode,
  user,
  onClose,
}: {
  group: MemberGroupMember;
  courseCode: string | null;
  user: User;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const join = useJoinGroup();
  const line = group.type === 'line';
  const request = group.request ?? join.data ?? null;
  return (
    <Dialog open>
      <DialogContent
        className="member-dialog member-dialog--group"
        title={group.name}
        description={t(line ? 'memberGroups.line.text' : 'memberGroups.facebook.text')}
        closeLabel={t('memberGroups.close')}
        dismissible={false}
        data-testid={`group-dialog-${group.type}`}
      >
        <div className="group-dialog">
          <div className="group-dialog__qrs">
            <Qr file={group.qr} label={t('memberGroups.qr')} testId="group-qr" />
            <Qr file={group.qrManual} label={t('memberGroups.qrManual')} testId="group-qr-manual" />
          </div>
          <dl className="member-facts group-dialog__card" data-testid="group-card">
            <CopyRow label={t('memberGroups.url')} value={group.url} testId="group-url" />
            <CopyRow
              label={t('memberGroups.fullName')}
              value={`${user.firstName} ${user.lastName}`.trim()}
              testId="group-name"
            />
            <CopyRow label={t('memberGroups.phone')} value={user.phone || null} testId="group-phone" />
            {line && (
              <CopyRow
                label={t('memberGroups.code')}
                value={lineCode(courseCode, user)}
                testId="group-code"
              />
            )}
          </dl>
        </div>
        {group.condition === 'Y' && group.conditionText && (
          <Alert>
            <span data-testid="group-condition">{group.conditionText}</span>
          </Alert>
        )}
        {request && (
          <Alert tone="success">
            <span data-testid="group-request-status">
              {t(request.status === 'approved' ? 'memberGroups.approved' : 'memberGroups.requested')}
            </span>
          </Alert>
        )}
        {join.isError && <Alert>{problemText(join.error, language)}</Alert>}
        <div className="group-dialog__actions">
          <a
            className="btn btn--secondary btn--md"
            href={group.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="group-open-link"
          >
            {t('memberGroups.openLink')}
          </a>
          {!request && (
            <Button
              variant="primary"
              onClick={() => join.mutate(group.id)}
              disabled={join.isPending}
              data-testid="group-join"
            >
              {t('memberGroups.join')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} data-testid="group-close">
            {t('memberGroups.close')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
