import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoPlayback } from '@rian/proto-contracts/learning-member';
import { Spinner } from '@/components/ui/spinner';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { useProducts } from '@/features/catalog/api/get-products';
import type { BuyLink, CourseCalls } from '@/features/public-course/components/course-actions';
import { PublicCoursesRoute } from '@/features/public-course/routes/public-courses';
import { PublicPreviewRoute } from '@/features/public-course/routes/public-preview';
import { useAuthStore } from '@/stores/auth-store';

// The public course pages buy on the shop's product pages and sign in with auth's dialog; the app
// puts them together here (features do not import each other).
const openLogin = () => useAuthDialogStore.getState().openLogin();
const Player = lazy(() => import('./public-course-player'));

/** Product ids → the shop's product pages; a product the shop does not list (disabled) is left out. */
function useCourseCalls(): CourseCalls {
  const user = useAuthStore((s) => s.user);
  const products = useProducts({ page: 1, pageSize: 100 });
  const byId = new Map((products.data?.items ?? []).map((p) => [p.id, p]));
  return {
    buyLinks: (ids) =>
      ids.flatMap((id): BuyLink[] => {
        const p = byId.get(id);
        return p ? [{ productId: p.id, title: p.title, to: `/product/${encodeURIComponent(p.url)}` }] : [];
      }),
    onSignIn: openLogin,
    signedIn: user !== null,
    premium: user?.status === 'Premium',
  };
}

export function AppPublicCoursesRoute() {
  return <PublicCoursesRoute {...useCourseCalls()} />;
}

function LazyPlayer({ video }: { video: VideoPlayback }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('publicCourse.preview.playerLoading')} />}>
      <Player video={video} />
    </Suspense>
  );
}

export function AppPublicPreviewRoute() {
  return <PublicPreviewRoute {...useCourseCalls()} player={(video) => <LazyPlayer video={video} />} />;
}
