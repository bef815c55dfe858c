import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionStaff } from '@rian/proto-contracts/learning-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  SESSION_SORTS,
  type SessionSort,
  useCourse,
  useDeleteSession,
  useReorderSessions,
  useSaveSession,
  useSessions,
} from '../api/content';
import { SessionDialog } from '../components/session-dialog';
import '../learning-admin.css';
import '../i18n';

/** A course's sessions fit one page (the reorder route takes the course's whole order). */
const PAGE_SIZE = 500;
const TYPE_BADGE: Record<SessionStaff['type'], string> = {
  video: 'badge--sent',
  real: 'badge--pending',
  meeting: 'learning-badge--meeting',
  live: 'badge--failed',
};

/** `ids` with the one at `from` moved to `to`. */
function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/**
 * /admin/coursesdetail/:id — a course's sessions (spec 02 §3 "Course session"), by date then item:
 * create, edit, delete; reorder within a day by dragging or with the arrow buttons / arrow keys on
 * a row's handle (the reorder route); remove a session's Zoom room; change a rating in its row.
 */
export function AdminSessionsRoute() {
  const { id: courseId = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const course = useCourse(courseId);
  const list = useStaffList<SessionStaff, SessionSort>({
    sorts: SESSION_SORTS,
    defaultSort: 'date',
    pageSize: PAGE_SIZE,
    useItems: (params: ListParams<SessionSort>) => useSessions(courseId, params),
    useRemove: () => useDeleteSession(courseId),
  });
  const save = useSaveSession(courseId);
  const reorder = useReorderSessions(courseId);
  const [actionError, setActionError] = useState<unknown>(null);
  // the order just asked for, shown until the server's list comes back
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [dragged, setDragged] = useState<SessionStaff | null>(null);
  // focus follows a row moved with the keyboard
  const [focusId, setFocusId] = useState<string | null>(null);

  const rows = pendingOrder
    ? pendingOrder.map((id) => list.rows.find((r) => r.id === id)).filter((r): r is SessionStaff => !!r)
    : list.rows;
  // reordering needs the whole course on screen (not a search's part of it)
  const canReorder = !list.params.q.trim() && rows.length > 1 && !reorder.isPending;
  const sameDay = (a: number, b: number) => !!rows[a] && !!rows[b] && rows[a].date === rows[b].date;

  async function act(run: () => Promise<unknown>) {
    setActionError(null);
    try {
      await run();
    } catch (error) {
      setActionError(error);
    }
  }

  async function moveTo(from: number, to: number) {
    if (!canReorder || from === to || !sameDay(from, to)) return;
    const ids = moved(
      rows.map((r) => r.id),
      from,
      to,
    );
    setPendingOrder(ids);
    await act(() => reorder.mutateAsync(ids));
    setPendingOrder(null);
    setFocusId(null);
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number, row: SessionStaff) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setFocusId(row.id);
    void moveTo(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  }

  const rowProps = (row: SessionStaff, index: number) =>
    canReorder
      ? {
          draggable: true,
          onDragStart: (e: DragEvent<HTMLTableRowElement>) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', row.id);
            setDragged(row);
          },
          onDragOver: (e: DragEvent<HTMLTableRowElement>) => {
            // a session moves among its own day's sessions (the list is by date first)
            if (dragged && dragged.date === row.date) e.preventDefault();
          },
          onDrop: (e: DragEvent<HTMLTableRowElement>) => {
            e.preventDefault();
            const from = rows.findIndex((r) => r.id === dragged?.id);
            setDragged(null);
            if (from >= 0) void moveTo(from, index);
          },
          onDragEnd: () => setDragged(null),
        }
      : {};

  const columns: Column<SessionStaff>[] = [
    {
      key: 'order',
      label: t('learningAdmin.sessions.order'),
      className: 'learning-order',
      render: (s) => {
        const index = rows.indexOf(s);
        return (
          <span className="learning-order__controls">
            <button
              type="button"
              className="learning-order__handle"
              aria-label={t('learningAdmin.sessions.handle', { title: s.title, item: s.item })}
              aria-describedby="sessions-reorder-hint"
              disabled={!canReorder}
              onKeyDown={(e) => onHandleKey(e, index, s)}
              ref={(el) => {
                if (el && focusId === s.id && document.activeElement !== el) el.focus();
              }}
              data-testid="session-move-handle"
            >
              <span aria-hidden="true">⠿</span> {s.item}
            </button>
            <Button
              variant="ghost"
              size="sm"
              className="learning-compact"
              disabled={!canReorder || !sameDay(index, index - 1)}
              onClick={() => void moveTo(index, index - 1)}
              aria-label={t('learningAdmin.sessions.moveUp', { title: s.title })}
              data-testid="session-move-up"
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="learning-compact"
              disabled={!canReorder || !sameDay(index, index + 1)}
              onClick={() => void moveTo(index, index + 1)}
              aria-label={t('learningAdmin.sessions.moveDown', { title: s.title })}
              data-testid="session-move-down"
            >
              ↓
            </Button>
          </span>
        );
      },
    },
    {
      key: 'date',
      label: t('learningAdmin.sessions.dateTime'),
      className: 'learning-nowrap',
      render: (s) => (
        <>
          {formatDay(s.date, language)}
          <span className="table__sub" data-testid="session-time">
            {s.start || s.to ? `${s.start ?? ''}–${s.to ?? ''}` : t('learningAdmin.sessions.noTime')}
          </span>
        </>
      ),
    },
    {
      key: 'type',
      label: t('learningAdmin.sessions.type'),
      render: (s) => (
        <span className={`badge ${TYPE_BADGE[s.type]}`} data-type={s.type} data-testid="session-type-badge">
          {t(`learningAdmin.sessions.types.${s.type}`)}
        </span>
      ),
    },
    {
      key: 'title',
      label: t('learningAdmin.sessions.sessionTitle'),
      className: 'learning-title-cell',
      render: (s) => (
        <>
          <span data-testid="session-title-value">{s.title}</span>
          {s.documents.length > 0 && (
            <span className="table__sub">
              {t('learningAdmin.sessions.documentCount', { count: s.documents.length })}
            </span>
          )}
          {s.close !== 'unlimit' && (
            <span className="table__sub">
              {t('learningAdmin.sessions.closesOn', { date: formatDay(s.close, language) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'video',
      label: t('learningAdmin.sessions.video'),
      className: 'learning-link-cell',
      render: (s) => s.video?.name ?? '–',
    },
    {
      key: 'zoom',
      label: t('learningAdmin.sessions.zoomRoom'),
      className: 'learning-link-cell',
      render: (s) =>
        s.zoomRoomId ? (
          <span className="learning-zoom-cell">
            <span data-testid="session-zoom-name">{s.zoomRoom?.title ?? '–'}</span>
            <Button
              variant="ghost"
              size="sm"
              className="learning-compact"
              onClick={() => void act(() => save.mutateAsync({ id: s.id, body: { zoomRoomId: null } }))}
              aria-label={t('learningAdmin.sessions.removeZoomOf', { title: s.title })}
              title={t('learningAdmin.sessions.removeZoom')}
              data-testid="session-remove-zoom"
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </span>
        ) : (
          '–'
        ),
    },
    {
      key: 'instructor',
      label: t('learningAdmin.sessions.instructor'),
      className: 'learning-link-cell',
      render: (s) => s.instructor?.name ?? '–',
    },
    {
      key: 'flags',
      label: t('learningAdmin.sessions.flags'),
      render: (s) => (
        <span className="learning-flags">
          <span className={`badge ${s.view === 'Y' ? 'badge--sent' : 'badge--failed'}`}>
            {t(s.view === 'Y' ? 'learningAdmin.sessions.shown' : 'learningAdmin.sessions.hidden')}
          </span>
          {s.checkin === 'Y' && <span className="badge">{t('learningAdmin.sessions.checkin')}</span>}
          {s.special === 'Y' && <span className="badge">{t('learningAdmin.sessions.specialShort')}</span>}
        </span>
      ),
    },
    {
      key: 'rating',
      label: t('learningAdmin.sessions.rating'),
      render: (s) => (
        <select
          className="field__input field__select learning-rating"
          value={String(s.rating)}
          aria-label={t('learningAdmin.sessions.ratingOf', { title: s.title })}
          onChange={(e) =>
            void act(() => save.mutateAsync({ id: s.id, body: { rating: Number(e.target.value) } }))
          }
          data-testid="session-rating"
        >
          {[1, 2, 3, 4, 5].map((r) => (
            <option key={r} value={String(r)}>
              {r}
            </option>
          ))}
        </select>
      ),
    },
  ];

  const courseTitle = course.data?.title ?? '';
  return (
    <StaffListPage
      list={{ ...list, rows }}
      testId="sessions"
      title={
        courseTitle
          ? t('learningAdmin.sessions.titleOf', { course: courseTitle })
          : t('learningAdmin.sessions.title')
      }
      newLabel={t('learningAdmin.sessions.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.sessions.searchHint')}
      emptyText={t('learningAdmin.sessions.empty')}
      actions={
        <Button asChild variant="secondary">
          <Link to="/admin/courses" data-testid="sessions-back">
            {t('learningAdmin.sessions.back')}
          </Link>
        </Button>
      }
      lead={
        <>
          {course.isError && <Alert>{problemText(course.error, language)}</Alert>}
          {actionError != null && (
            <Alert>
              <span data-testid="sessions-action-error">{problemText(actionError, language)}</span>
            </Alert>
          )}
          <p id="sessions-reorder-hint" className="admin__lead">
            {list.params.q.trim()
              ? t('learningAdmin.sessions.reorderOff')
              : t('learningAdmin.sessions.reorderHint')}
          </p>
        </>
      }
      columns={columns}
      sortable={false}
      rowProps={rowProps}
      rowClassName={(s) => (dragged?.id === s.id ? 'learning-row--dragged' : undefined)}
      tableClassName="learning-sessions"
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'session-edit',
          ariaLabel: (s) => t('learningAdmin.editOf', { name: s.title }),
        },
        remove: {
          label: t('learningAdmin.delete'),
          testId: 'session-delete',
          ariaLabel: (s) => t('learningAdmin.deleteOf', { name: s.title }),
        },
      }}
      dialog={(session, close) => <SessionDialog courseId={courseId} session={session} onClose={close} />}
      confirmDelete={{
        title: t('learningAdmin.sessions.deleteTitle'),
        description: (s) => t('learningAdmin.sessions.deleteText', { title: s.title }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    />
  );
}
