import type { InstructorStaff } from '@rian/proto-contracts/catalog-content';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type {
  DocumentCreateBody,
  DocumentListCreateBody,
  DocumentListsPage,
  DocumentListStaff,
  DocumentStaff,
  DocumentUrl,
  SessionCreateBody,
  SessionsPage,
  SessionStaff,
  SessionType,
  SessionUpdateBody,
  VideosPage,
  VideoStaff,
  ZoomRoomCreateBody,
  ZoomRoomStaff,
} from '@rian/proto-contracts/learning-content';
import type { DocumentStored } from '@rian/proto-contracts/media-assets';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { crud, staffQueries } from '@/lib/staff-crud';
import type { Page } from '@/types/api';
import { LEARNING_KEY } from './courses';

const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

/** proto-contracts learning-content SESSION_TYPES (kept here: a value import would bring TypeBox in) */
export const SESSION_TYPES: readonly SessionType[] = ['video', 'real', 'meeting', 'live'];
/** the one order a course's sessions have: by date, then item (the server's) */
export const SESSION_SORTS = ['date'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];
export const ZOOM_SORTS = ['-createdAt', 'createdAt', 'title', '-title'] as const;
export type ZoomSort = (typeof ZOOM_SORTS)[number];
export const DOCUMENT_SORTS = ['-createdAt', 'createdAt', 'name', '-name', 'position', '-position'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** What a picker offers (videos, Zoom rooms, instructors, documents): the first 100 by their list order. */
const PICK = { page: 1, pageSize: 100 };

// ---------- a course ----------

/** GET /api/learning/admin/courses/:id: the heading of its sessions page. */
export function useCourse(id: string) {
  return useStaffQuery(['course', id], (signal) =>
    staffApi<CourseStaff>(`/learning/admin/courses/${encodeURIComponent(id)}`, { signal }),
  );
}

// ---------- sessions ----------

const sessionsPath = (courseId: string) => `/learning/admin/courses/${encodeURIComponent(courseId)}/sessions`;
const sessionsOf = (courseId: string) =>
  crud<SessionStaff, SessionCreateBody | SessionUpdateBody>(sessionsPath(courseId));

/** A course's sessions by date then item (up to 500: the whole course, so it can be reordered). */
export function useSessions(courseId: string, params: ListParams<SessionSort>) {
  return useStaffQuery(['sessions', courseId, params], (signal) =>
    sessionsOf(courseId).list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize },
      signal,
    ),
  );
}

/** create (POST) or change the fields sent (PUT; null clears, e.g. zoomRoomId: null) */
export const useSaveSession = (courseId: string) => useStaffMutation(sessionsOf(courseId).save);
export const useDeleteSession = (courseId: string) => useStaffMutation(sessionsOf(courseId).remove);
/** POST …/sessions/reorder: the sessions in their new order (item 1, 2, …). */
export const useReorderSessions = (courseId: string) =>
  useStaffMutation((ids: string[]) =>
    staffApi<SessionsPage>(`${sessionsPath(courseId)}/reorder`, { method: 'POST', body: { ids } }),
  );

// ---------- pickers: the course's videos, instructors ----------

/** The course's videos (a session plays one of them). */
export function useCourseVideos(courseId: string) {
  return useStaffQuery(
    ['videos', 'of', courseId],
    (signal) =>
      staffApi<VideosPage>('/learning/admin/videos', { query: { courseId, sort: 'item', ...PICK }, signal }),
    { enabled: Boolean(courseId), keepPrevious: false },
  );
}

/** Catalog's instructors (learning keeps a read model of them; staff pick from catalog's list). */
export function useInstructorOptions() {
  return useStaffQuery(['instructors'], (signal) =>
    staffApi<Page<InstructorStaff>>('/catalog/admin/instructors', {
      query: { sort: 'name', ...PICK },
      signal,
    }),
  );
}

// ---------- Zoom rooms ----------

export const zoomRooms = crud<ZoomRoomStaff, Partial<ZoomRoomCreateBody>>('/learning/admin/zoom-rooms');

export function useZoomRooms(params: ListParams<ZoomSort>) {
  return useStaffQuery(['zoom-rooms', params], (signal) =>
    zoomRooms.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}
export const useZoomRoomOptions = () =>
  useStaffQuery(['zoom-rooms', 'options'], (signal) => zoomRooms.list({ sort: 'title', ...PICK }, signal));
export const useSaveZoomRoom = () => useStaffMutation(zoomRooms.save);
export const useDeleteZoomRoom = () => useStaffMutation(zoomRooms.remove);

// ---------- documents and document lists ----------

export const documents = crud<DocumentStaff, Partial<DocumentCreateBody>>('/learning/admin/documents');

export function useDocuments(params: ListParams<DocumentSort>) {
  return useStaffQuery(['documents', params], (signal) =>
    documents.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}
export const useDocumentOptions = () =>
  useStaffQuery(['documents', 'options'], (signal) => documents.list({ sort: 'name', ...PICK }, signal));
export const useSaveDocument = () => useStaffMutation(documents.save);
export const useDeleteDocument = () => useStaffMutation(documents.remove);

/** GET /api/learning/admin/documents/:id/url — a short-lived signed address of a saved document's file. */
export const documentUrl = (id: string) =>
  staffApi<DocumentUrl>(`/learning/admin/documents/${encodeURIComponent(id)}/url`);

const documentLists = crud<DocumentListStaff, DocumentListCreateBody>('/learning/admin/document-lists');
/** The list entries of one document, a session, a video or a course. */
export function useDocumentLists(
  filter: { documentId?: string; sessionId?: string; videoId?: string; courseId?: string },
  enabled = true,
) {
  return useStaffQuery(
    ['document-lists', filter],
    (signal) =>
      staffApi<DocumentListsPage>('/learning/admin/document-lists', {
        query: { ...filter, ...PICK },
        signal,
      }),
    { enabled, keepPrevious: false },
  );
}
export const useAddDocumentList = () =>
  useStaffMutation((body: DocumentListCreateBody) => documentLists.save({ id: null, body }));
export const useRemoveDocumentList = () => useStaffMutation(documentLists.remove);

/**
 * What media's private document upload takes (routes/documents: checked by content; the default
 * MEDIA_DOCUMENT_MAX_BYTES). The browser's picker offers these; the server decides.
 */
export const DOCUMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,application/pdf,image/png,image/jpeg,image/gif,image/webp';
export const DOCUMENT_MAX_MB = 20;

/** POST /api/media/documents, multipart field `images` (spec /uploadDocument): a private file. */
export async function uploadDocument(file: File): Promise<DocumentStored> {
  const form = new FormData();
  form.append('images', file, file.name);
  return staffApi<DocumentStored>('/media/documents', { method: 'POST', body: form });
}

// ---------- what a document list names: courses, a course's sessions, a video ----------

/** Learning's courses by title (the first 100): where a document may be listed. */
export const useCourseOptions = () =>
  useStaffQuery(['courses', 'options'], (signal) =>
    staffApi<Page<CourseStaff>>('/learning/admin/courses', { query: { sort: 'title', ...PICK }, signal }),
  );

/** A course's sessions for a picker (by date then item). */
export const useSessionOptions = (courseId: string) =>
  useStaffQuery(
    ['sessions', courseId, 'options'],
    (signal) => sessionsOf(courseId).list({ page: 1, pageSize: 500 }, signal),
    { enabled: Boolean(courseId), keepPrevious: false },
  );

/** One video (a document list entry names it). */
export const useVideo = (id: string) =>
  useStaffQuery(['video', id], (signal) =>
    staffApi<VideoStaff>(`/learning/admin/videos/${encodeURIComponent(id)}`, { signal }),
  );
