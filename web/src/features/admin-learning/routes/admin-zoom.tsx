import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZoomRoomStaff } from '@rian/proto-contracts/learning-content';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { ZOOM_SORTS, useDeleteZoomRoom, useZoomRooms } from '../api/content';
import { ZoomRoomDialog } from '../components/zoom-room-dialog';
import '../learning-admin.css';
import '../i18n';

const MASK = '••••••';

/** A passcode hidden until staff ask to see it (shoulder-surfing in an office). */
function Passcode({ room }: { room: ZoomRoomStaff }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (!room.passcode) return <>–</>;
  return (
    <span className="learning-secret">
      <code data-testid="zoom-passcode-value">{shown ? room.passcode : MASK}</code>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={shown}
        aria-label={t(shown ? 'learningAdmin.zoom.hidePasscodeOf' : 'learningAdmin.zoom.showPasscodeOf', {
          title: room.title,
        })}
        onClick={() => setShown((s) => !s)}
        data-testid="zoom-passcode-toggle"
      >
        {t(shown ? 'learningAdmin.zoom.hide' : 'learningAdmin.zoom.show')}
      </Button>
    </span>
  );
}

/** /admin/zoom — Zoom rooms (spec 02 §3 "Zoom"): title, link, meeting id, passcode; create, edit, delete. */
export function AdminZoomRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList({
    sorts: ZOOM_SORTS,
    defaultSort: '-createdAt',
    useItems: useZoomRooms,
    useRemove: useDeleteZoomRoom,
  });

  const columns: Column<ZoomRoomStaff>[] = [
    {
      key: 'title',
      label: t('learningAdmin.zoom.roomTitle'),
      sortField: 'title',
      className: 'learning-title-cell',
      render: (r) => <span data-testid="zoom-title-value">{r.title}</span>,
    },
    {
      key: 'url',
      label: t('learningAdmin.zoom.url'),
      className: 'learning-url-cell',
      render: (r) => (
        <a href={r.url} target="_blank" rel="noopener noreferrer">
          {r.url}
        </a>
      ),
    },
    {
      key: 'meetingId',
      label: t('learningAdmin.zoom.meetingId'),
      className: 'learning-nowrap',
      render: (r) => r.meetingId ?? '–',
    },
    {
      key: 'passcode',
      label: t('learningAdmin.zoom.passcode'),
      className: 'learning-nowrap',
      render: (r) => <Passcode room={r} />,
    },
    {
      key: 'createdAt',
      label: t('learningAdmin.createdAt'),
      sortField: 'createdAt',
      className: 'learning-nowrap',
      render: (r) => formatDateTime(r.createdAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="zoom"
      title={t('learningAdmin.zoom.title')}
      newLabel={t('learningAdmin.zoom.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.zoom.searchHint')}
      emptyText={t('learningAdmin.zoom.empty')}
      columns={columns}
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'zoom-edit',
          ariaLabel: (r) => t('learningAdmin.editOf', { name: r.title }),
        },
        remove: {
          label: t('learningAdmin.delete'),
          testId: 'zoom-delete',
          ariaLabel: (r) => t('learningAdmin.deleteOf', { name: r.title }),
        },
      }}
      dialog={(room, close) => <ZoomRoomDialog room={room} onClose={close} />}
      confirmDelete={{
        title: t('learningAdmin.zoom.deleteTitle'),
        description: (r) => t('learningAdmin.zoom.deleteText', { title: r.title }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    />
  );
}
