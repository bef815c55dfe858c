import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { InstallmentSchedule } from '@/components/orders/installment-schedule';
import { PayButton } from '@/features/orders/components/pay-button';
import { SlipDialog } from '@/features/orders/components/slip-dialog';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useSessionView } from '../../api/member-home';
import { helpContact } from '../../help-contact';
import '@/features/orders/i18n';

/** Spec 01 §2 "Please stand by": blocks the area while its first data loads (no close, no Escape). */
export function StandByDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open}>
      <DialogContent
        className="member-dialog member-dialog--small"
        title={t('member.standBy.title')}
        description={t('member.standBy.text')}
        closeLabel={t('member.dialog.close')}
        dismissible={false}
        data-testid="member-stand-by"
      >
        <Spinner label={t('member.standBy.text')} />
      </DialogContent>
    </Dialog>
  );
}

/** Spec 01 §2 "Help": width 300; Monday–Saturday 9.00–18.00, the chat account (with its add link) and the phone. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="member-dialog member-dialog--help"
        title={t('member.help.title')}
        description={t('member.help.hours')}
        closeLabel={t('member.dialog.close')}
        data-testid="member-help"
      >
        <dl className="member-facts">
          <div>
            <dt>{t('member.help.chat')}</dt>
            <dd data-testid="help-chat">{helpContact.chatId}</dd>
          </div>
          <div>
            <dt>{t('member.help.phone')}</dt>
            <dd>
              <a href={`tel:${helpContact.phone.replace(/[^0-9+]/g, '')}`} data-testid="help-phone">
                {helpContact.phone}
              </a>
            </dd>
          </div>
        </dl>
        <a
          className="btn btn--primary btn--md"
          href={helpContact.chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="help-add-chat"
        >
          {t('member.help.add')}
        </a>
      </DialogContent>
    </Dialog>
  );
}

export function CopyRow({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="member-copy">
      <dt>{label}</dt>
      <dd>
        <span data-testid={`${testId}-value`}>{value ?? '—'}</span>
        {value && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('member.copy.label', { what: label })}
            data-testid={`${testId}-copy`}
            onClick={() => {
              void navigator.clipboard.writeText(value).then(() => setCopied(true));
            }}
          >
            {copied ? t('member.copy.done') : t('member.copy.button')}
          </Button>
        )}
      </dd>
    </div>
  );
}

/**
 * Spec 01 §2 "Meeting room": link, name profile (course code + nickname), meeting id and passcode,
 * each with a copy button, and a join button. The room comes from the session view, which learning
 * answers only inside the session's window (404 outside: the dialog says so).
 */
export function MeetingRoomDialog({
  sessionId,
  profileName,
  onClose,
}: {
  sessionId: string;
  profileName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const view = useSessionView(sessionId);
  const room = view.data?.zoomRoom ?? null;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        className="member-dialog"
        title={t('member.meeting.title')}
        description={view.data?.session.title ?? t('member.meeting.text')}
        closeLabel={t('member.dialog.close')}
        data-testid="meeting-room"
      >
        {view.isPending && <Spinner label={t('member.meeting.loading')} />}
        {view.isError && <Alert>{problemText(view.error, language)}</Alert>}
        {view.data && !room && <p className="card__text">{t('member.meeting.noRoom')}</p>}
        {room && (
          <>
            <dl className="member-facts">
              <CopyRow label={t('member.meeting.link')} value={room.url} testId="meeting-link" />
              <CopyRow label={t('member.meeting.profile')} value={profileName} testId="meeting-profile" />
              <CopyRow label={t('member.meeting.id')} value={room.meetingId} testId="meeting-id" />
              <CopyRow label={t('member.meeting.passcode')} value={room.passcode} testId="meeting-passcode" />
            </dl>
            <a
              className="btn btn--primary btn--md"
              href={room.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="meeting-join"
            >
              {t('member.meeting.join')}
            </a>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Spec 01 §2 "Instalment schedule": the unpaid instalment orders' schedules (50 rows a page) with
 * the pay button per row, paying by slip as /orders does (SlipDialog).
 */
export function InstalmentsDialog({
  orders,
  onOpenChange,
}: {
  orders: readonly OrderView[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [paying, setPaying] = useState<{ order: OrderView; period: number } | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        className="member-dialog member-dialog--wide"
        title={t('member.payment.title')}
        description={t('member.payment.text')}
        closeLabel={t('member.dialog.close')}
        data-testid="member-instalments"
      >
        {sent && (
          <Alert tone="success">
            <span data-testid="member-slip-sent">{t('slip.sent')}</span>
          </Alert>
        )}
        {orders.length === 0 && <p className="card__text">{t('member.payment.none')}</p>}
        {orders.map((order) => (
          <section key={order.id} className="member-order" data-testid={`member-order-${order.reference}`}>
            <h3 className="member-order__title" id={`schedule-${order.id}`}>
              {order.reference} · {order.productTitle ?? ''}
            </h3>
            <InstallmentSchedule
              installments={order.installments}
              titleId={`schedule-${order.id}`}
              action={(_row, index, all) => (
                <PayButton schedule={all} index={index} onPay={(period) => setPaying({ order, period })} />
              )}
            />
          </section>
        ))}
        {paying && (
          <SlipDialog
            orderId={paying.order.id}
            reference={paying.order.reference}
            period={paying.period}
            onClose={() => setPaying(null)}
            onSent={() => {
              setPaying(null);
              setSent(true);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
