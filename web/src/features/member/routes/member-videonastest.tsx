import { Navigate } from 'react-router';
import { useStaffStore } from '@/stores/staff-store';

/**
 * /member/videonastest/* (spec 01 §2, the old video test page): staff go to the video back office
 * (/admin/video, where uploads are tried), everyone else to the member area.
 */
export function MemberVideoNasTestRoute() {
  const staff = useStaffStore((s) => Boolean(s.token));
  return <Navigate to={staff ? '/admin/video' : '/member'} replace />;
}
