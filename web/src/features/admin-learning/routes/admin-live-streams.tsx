import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStreamStaff, LiveStreamWithKey } from '@rian/proto-contracts/learning-live';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { Switch } from '@/components/ui/switch';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  LIVE_STREAM_SORTS,
  useDeleteLiveStream,
  useLiveStreams,
  useRotateStreamKey,
  useSetLive,
} from '../api/live-streams';
import { LiveCommentsDialog } from '../components/live-comments-dialog';
import { LiveStreamDialog, StreamKeyDialog } from '../components/live-stream-dialog';
import '../learning-admin.css';
import '../i18n';
import '../i18n-live';

type Mode = 'comments';

/** The on-air switch: going live is an event members and notifications hear (learning announces it). */
function LiveSwitch({ stream }: { stream: LiveStreamStaff }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const setLive = useSetLive();
  return (
    <span className="live-switch">
      <Switch
        checked={stream.live === 'Y'}
        disabled={setLive.isPending}
        aria-label={t('liveAdmin.liveOf', { name: stream.name })}
        onCheckedChange={(on) => setLive.mutate({ id: stream.id, live: on ? 'Y' : 'N' })}
        data-testid="live-stream-live"
      />
      {stream.live === 'Y' && <span className="live-switch__on">{t('liveAdmin.onAir')}</span>}
      {setLive.isError && <Alert>{problemText(setLive.error, language)}</Alert>}
    </span>
  );
}

/**
 * /admin/liveStreaming — live streams (spec 02 §3 "Live streaming", issue 15): name (hidden ones
 * marked), kind, on air, what uses it; create (the stream key shown once), edit (with "New key"),
 * delete; and the comments of each (hide, pin, trade calls).
 */
export function AdminLiveStreamsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList<LiveStreamStaff, (typeof LIVE_STREAM_SORTS)[number], never, Mode>({
    sorts: LIVE_STREAM_SORTS,
    defaultSort: '-createdAt',
    useItems: useLiveStreams,
    useRemove: useDeleteLiveStream,
  });
  const rotate = useRotateStreamKey();
  const [rotating, setRotating] = useState<LiveStreamStaff | null>(null);
  const [newKey, setNewKey] = useState<LiveStreamWithKey | null>(null);

  const columns: Column<LiveStreamStaff>[] = [
    {
      key: 'name',
      label: t('liveAdmin.name'),
      sortField: 'name',
      className: 'learning-title-cell',
      render: (s) => (
        <>
          <span data-testid="live-stream-name-value">{s.name}</span>
          {s.status === 'hide' && <span className="live-hidden-tag"> ({t('liveAdmin.statuses.hide')})</span>}
        </>
      ),
    },
    {
      key: 'kind',
      label: t('liveAdmin.kind'),
      className: 'learning-nowrap',
      render: (s) => t(`liveAdmin.kinds.${s.kind}`),
    },
    { key: 'live', label: t('liveAdmin.live'), render: (s) => <LiveSwitch stream={s} /> },
    {
      key: 'usedBy',
      label: t('liveAdmin.usedBy'),
      className: 'learning-nowrap',
      render: (s) =>
        t('liveAdmin.usage', { courses: s.usedBy.courses.length, sessions: s.usedBy.sessions.length }),
    },
    {
      key: 'createdAt',
      label: t('learningAdmin.createdAt'),
      sortField: 'createdAt',
      className: 'learning-nowrap',
      render: (s) => formatDateTime(s.createdAt, language),
    },
  ];

  return (
    <>
      <StaffListPage
        list={list}
        testId="live-streams"
        title={t('liveAdmin.title')}
        newLabel={t('liveAdmin.new')}
        searchLabel={t('learningAdmin.search')}
        searchHint={t('liveAdmin.searchHint')}
        emptyText={t('liveAdmin.empty')}
        columns={columns}
        rowActions={{
          label: t('learningAdmin.actions'),
          edit: {
            label: t('learningAdmin.edit'),
            testId: 'live-stream-edit',
            ariaLabel: (s) => t('learningAdmin.editOf', { name: s.name }),
          },
          extra: (s) => (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('liveAdmin.comments.openOf', { name: s.name })}
                onClick={() => list.openEdit(s, 'comments')}
                data-testid="live-stream-comments"
              >
                {t('liveAdmin.comments.open')}
              </Button>
            </>
          ),
          remove: {
            label: t('learningAdmin.delete'),
            testId: 'live-stream-delete',
            ariaLabel: (s) => t('learningAdmin.deleteOf', { name: s.name }),
          },
        }}
        dialog={(stream, close, mode) =>
          mode === 'comments' && stream ? (
            <LiveCommentsDialog
              stream={list.rows.find((r) => r.id === stream.id) ?? stream}
              onClose={close}
            />
          ) : (
            <LiveStreamDialog
              stream={stream}
              onClose={close}
              onRotateKey={(s) => {
                close();
                setRotating(s);
              }}
            />
          )
        }
        confirmDelete={{
          title: t('liveAdmin.deleteTitle'),
          description: (s) => t('liveAdmin.deleteText', { name: s.name }),
          confirmLabel: t('learningAdmin.delete'),
        }}
      />
      <ConfirmDialog
        open={Boolean(rotating)}
        onOpenChange={(open) => !open && setRotating(null)}
        title={rotating ? t('liveAdmin.key.rotateOf', { name: rotating.name }) : ''}
        description={t('liveAdmin.key.rotateConfirm')}
        confirmLabel={t('liveAdmin.key.rotate')}
        cancelLabel={t('form.cancel')}
        pending={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (s) => {
              setRotating(null);
              setNewKey(s);
            },
          })
        }
      >
        {rotate.isError && <Alert>{problemText(rotate.error, language)}</Alert>}
      </ConfirmDialog>
      {newKey && <StreamKeyDialog stream={newKey} onClose={() => setNewKey(null)} />}
    </>
  );
}
