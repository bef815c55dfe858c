import type {
  CheckinKiosk,
  CheckinManualResult,
  CheckinPage,
  CheckinSessionList,
} from '@rian/proto-contracts/learning-checkin';
import type { ListParams } from '@/hooks/use-list-params';
import { downloadFile } from '@/lib/download';
import { staffApi } from '@/lib/staff-api';
import { staffQueries } from '@/lib/staff-crud';
import { useStaffStore } from '@/stores/staff-store';
import { LEARNING_KEY } from './courses';

const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);
const PATH = '/learning/admin/checkins';

export type CheckinFilters = { courseId: string; sessionId: string; userId: string };
const filterQuery = (f: CheckinFilters) => ({
  courseId: f.courseId || undefined,
  sessionId: f.sessionId || undefined,
  userId: f.userId || undefined,
});

/** GET /admin/checkins — by session, course or member (q: a name or user id), newest first. */
export function useCheckins(params: ListParams<'-checkedInAt'>, f: CheckinFilters) {
  return useStaffQuery(['checkins', params, f], (signal) =>
    staffApi<CheckinPage>(PATH, {
      query: {
        ...filterQuery(f),
        q: params.q.trim() || undefined,
        page: params.page,
        pageSize: params.pageSize,
      },
      signal,
    }),
  );
}

/** GET /admin/checkins/sessions — on-site sessions with check-in on (a course's, or every one). */
export const useCheckinSessions = (courseId: string) =>
  useStaffQuery(['checkin-sessions', courseId], (signal) =>
    staffApi<CheckinSessionList>(`${PATH}/sessions`, { query: { courseId: courseId || undefined }, signal }),
  );

/** Milliseconds until the kiosk's code changes (asked again a moment after), given the server's clock. */
export function nextKioskRead(kiosk: CheckinKiosk | undefined, receivedAt: number, now = Date.now()): number {
  if (!kiosk) return 5_000;
  const skew = Date.parse(kiosk.serverTime) - receivedAt;
  return Math.max(250, Date.parse(kiosk.changesAt) - (now + skew) + 250);
}

/** GET /admin/checkins/kiosk/:sessionId — the code now; read again as soon as it changes. */
export function useKiosk(sessionId: string) {
  return useStaffQuery(
    ['checkin-kiosk', sessionId],
    (signal) => staffApi<CheckinKiosk>(`${PATH}/kiosk/${encodeURIComponent(sessionId)}`, { signal }),
    { keepPrevious: false, refetchInterval: (data) => nextKioskRead(data, Date.now()) },
  );
}

export const useManualCheckin = () =>
  useStaffMutation((body: { sessionId: string; userId: string }) =>
    staffApi<CheckinManualResult>(PATH, { method: 'POST', body }),
  );

export const useRemoveCheckin = () =>
  useStaffMutation((id: string) => staffApi<void>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** GET /admin/checkins.csv with the staff token, saved (UTF-8 with BOM: Excel reads the Thai). */
export function downloadCheckinsCsv(f: CheckinFilters): Promise<void> {
  return downloadFile(`${PATH}.csv`, {
    token: useStaffStore.getState().token,
    query: filterQuery(f),
    fallbackName: 'checkins.csv',
  });
}
