import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/error-page';
import { NotFoundRoute } from '@/components/errors/not-found';
import { HomeLayout } from './layouts/home-layout';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';

// Every page is its own chunk; admin (/admin/...) and member (/member/...) never load for visitors.
// The home page is the exception: it is most visitors' first page, and a chunk of its own (3 KB)
// put a second round trip between the framework and its hero, the largest paint (bench lighthouse).
// the shop (issue 4): product page and pricing are wired to the login dialog in app/routes/shop-*
const product = async () => ({ Component: (await import('./routes/shop-product')).ShopProductRoute });
const pricing = async () => ({ Component: (await import('./routes/shop-pricing')).ShopPricingRoute });
const productAll = async () => ({
  Component: (await import('@/features/catalog/routes/product-all')).ProductAllRoute,
});
const speakers = async () => ({
  Component: (await import('@/features/catalog/routes/speakers')).SpeakersRoute,
});
const aboutUs = async () => ({ Component: (await import('@/features/info/routes/about-us')).AboutUsRoute });
const inspire = async () => ({ Component: (await import('@/features/info/routes/inspire')).InspireRoute });
const condition = async () => ({
  Component: (await import('@/features/info/routes/condition')).ConditionRoute,
});
const privacyPolicy = async () => ({
  Component: (await import('@/features/info/routes/privacy-policy')).PrivacyPolicyRoute,
});
const terms = async () => ({ Component: (await import('@/features/info/routes/terms')).TermsRoute });
const logout = async () => ({ Component: (await import('@/features/auth/routes/logout')).LogoutRoute });
const loginFacebook = async () => ({
  Component: (await import('@/features/auth/routes/login-facebook')).LoginFacebookRoute,
});
// the public course pages (issue 13): the curriculum of the courses on sale and free previews;
// the preview's player is a further chunk (app/routes/public-course-player)
const publicCourses = async () => ({
  Component: (await import('./routes/public-course')).AppPublicCoursesRoute,
});
const publicPreview = async () => ({
  Component: (await import('./routes/public-course')).AppPublicPreviewRoute,
});
// the member's own orders (issue 5); visitors are asked to log in (app/routes/my-orders)
const myOrders = async () => ({ Component: (await import('./routes/my-orders')).AppMyOrdersRoute });
// on-site check-in (issue 16): the page a phone opens from the kiosk's QR
const checkIn = async () => ({ Component: (await import('./routes/check-in')).AppCheckInRoute });
// booking by key (issue 17): the public form, /booking/{key} from a key's shared link
const booking = async () => ({
  Component: (await import('@/features/bookings/routes/booking')).BookingRoute,
});
// the member area (issue 13): a parent route with the layout (its guard and dialogs), pages lazy
const memberArea = async () => ({
  Component: (await import('@/features/member/routes/member-area')).MemberAreaRoute,
});
const memberHome = async () => ({
  Component: (await import('@/features/member/routes/member-home')).MemberHomeRoute,
});
// where LINE sends the member back after "Connect LINE" (issue 20)
const memberLineCallback = async () => ({
  Component: (await import('@/features/member/routes/member-line-callback')).MemberLineCallbackRoute,
});
const memberReload = async () => ({
  Component: (await import('@/features/member/routes/member-reload')).MemberReloadRoute,
});
const memberCalendar = async () => ({
  Component: (await import('@/features/member/routes/member-calendar')).MemberCalendarRoute,
});
const memberLesson = async () => ({
  Component: (await import('@/features/member/routes/member-lesson')).MemberLessonRoute,
});
const memberLive = async () => ({
  Component: (await import('@/features/member/routes/member-live')).MemberLiveRoute,
});
const ovenPlayerLiveStream = async () => ({
  Component: (await import('@/features/member/routes/ovenplayer-live-stream')).OvenPlayerLiveStreamRoute,
});
const memberVideoNasTest = async () => ({
  Component: (await import('@/features/member/routes/member-videonastest')).MemberVideoNasTestRoute,
});
// issue 16: the course terms as a page (the same panel as the member area's terms dialog)
const signature = async () => ({
  Component: (await import('@/features/member-terms/routes/signature-page')).SignatureRoute,
});
const adminLayout = async () => ({
  Component: (await import('@/features/admin/components/admin-layout')).AdminLayout,
});
const adminDashboard = async () => ({
  Component: (await import('@/features/admin/routes/admin-dashboard')).AdminDashboardRoute,
});
const adminUsers = async () => ({
  Component: (await import('@/features/admin/routes/admin-users')).AdminUsersRoute,
});
// issue 14: a member's viewing (DetailByUser)
const adminUserWatch = async () => ({
  Component: (await import('@/features/admin/routes/admin-user-watch')).AdminUserWatchRoute,
});
const adminPersonnel = async () => ({
  Component: (await import('@/features/admin/routes/admin-personnel')).AdminPersonnelRoute,
});
const adminDeliveries = async () => ({
  Component: (await import('@/features/admin/routes/admin-deliveries')).AdminDeliveriesRoute,
});
const adminTemplates = async () => ({
  Component: (await import('@/features/admin/routes/admin-templates')).AdminTemplatesRoute,
});
const adminComingSoon = async () => ({
  Component: (await import('@/features/admin/routes/admin-coming-soon')).AdminComingSoonRoute,
});
// the catalog back office (issue 4), in its own chunks
const adminProducts = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-products')).AdminProductsRoute,
});
const adminPackages = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-packages')).AdminPackagesRoute,
});
const adminCoaches = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-coaches')).AdminCoachesRoute,
});
const adminInstructors = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-instructors')).AdminInstructorsRoute,
});
const adminBankAccounts = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-bank-accounts')).AdminBankAccountsRoute,
});
const adminInstallmentPlans = async () => ({
  Component: (await import('@/features/admin-catalog/routes/admin-installment-plans'))
    .AdminInstallmentPlansRoute,
});
// the coupon back office (issue 5)
const adminCoupons = async () => ({
  Component: (await import('@/features/admin-orders/routes/admin-coupons')).AdminCouponsRoute,
});
// the orders back office (issue 5)
const adminOrders = async () => ({
  Component: (await import('@/features/admin-orders/routes/admin-orders')).AdminOrdersRoute,
});
const adminAffiliates = async () => ({
  Component: (await import('@/features/admin-orders/routes/admin-affiliates')).AdminAffiliatesRoute,
});
const adminOrdersConfirm = async () => ({
  Component: (await import('@/features/admin-orders/routes/orders-confirm')).OrdersConfirmRoute,
});
// the learning back office (issue 6)
const adminCourses = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-courses')).AdminCoursesRoute,
});
const adminSessions = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-sessions')).AdminSessionsRoute,
});
const adminZoom = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-zoom')).AdminZoomRoute,
});
// issue 16: member groups and their join requests
const adminMemberGroups = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-member-groups')).AdminMemberGroupsRoute,
});
const adminGroupRequests = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-group-requests')).AdminGroupRequestsRoute,
});
const adminUngrouped = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-ungrouped')).AdminUngroupedRoute,
});
const adminDocuments = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-documents')).AdminDocumentsRoute,
});
// issue 12: lesson videos (with their tus upload) and enrolments, in the learning back office's chunks
const adminVideos = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-videos')).AdminVideosRoute,
});
const adminLiveStreams = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-live-streams')).AdminLiveStreamsRoute,
});
// issue 16: on-site check-in lists and the kiosk's QR screen (qrcode loads with the kiosk only)
const adminUserChecking = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-user-checking')).AdminUserCheckingRoute,
});
const adminCheckinKiosk = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-checkin-kiosk')).AdminCheckinKioskRoute,
});
// issue 17: bookings by key and their keys
const adminBookings = async () => ({
  Component: (await import('@/features/admin-bookings/routes/admin-bookings')).AdminBookingsRoute,
});
const adminEnrolments = async () => ({
  Component: (await import('@/features/admin-learning/routes/admin-enrolments')).AdminEnrolmentsRoute,
});
// the payment pages (issue 6), by encrypted ref: spec 02 §2 keeps their paths
const creditCard = async () => ({
  Component: (await import('@/features/pay/routes/credit-card')).CreditCardRoute,
});
const unionPay = async () => ({
  Component: (await import('@/features/pay/routes/union-pay')).UnionPayRoute,
});
const qrPayment = async () => ({
  Component: (await import('@/features/pay/routes/qr-payment')).QrPaymentRoute,
});
const adminLogin = async () => ({
  Component: (await import('@/features/admin/routes/admin-login')).AdminLoginRoute,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    element: <RootLayout />,
    children: [
      {
        element: <HomeLayout />,
        children: [
          { index: true, Component: HomeRoute },
          // the home page with the login dialog open; /code/:code opens the change-password dialog
          { path: 'login', Component: HomeRoute },
          { path: 'code/:code', Component: HomeRoute },
          { path: 'loginFacebook', lazy: loginFacebook },
          // spec 01 §2: /product/{id?} and /product/{name?}/{id?}
          { path: 'product/:id?', lazy: product },
          { path: 'product/:name/:id', lazy: product },
          { path: 'productAll/:coach?', lazy: productAll },
          { path: 'pricing', lazy: pricing },
          { path: 'speakers', lazy: speakers },
          // spec 01 §2: /course and /course/video/{id?}
          { path: 'course', lazy: publicCourses },
          { path: 'course/video/:id?', lazy: publicPreview },
          { path: 'aboutus', lazy: aboutUs },
          { path: 'inspire', lazy: inspire },
          { path: 'condition', lazy: condition },
          { path: 'privacy-policy', lazy: privacyPolicy },
          // the enrolment terms link to -conditions, the cookie banner to -condition: one page
          { path: 'terms-and-conditions', lazy: terms },
          { path: 'terms-and-condition', lazy: terms },
          { path: 'orders', lazy: myOrders },
          { path: 'checkIn', lazy: checkIn },
          { path: 'booking/:key?', lazy: booking },
          { path: 'creditCard/:ref', lazy: creditCard },
          { path: 'creditCardSmatrPay/:ref', lazy: unionPay },
          { path: 'qrPlayment/:ref', lazy: qrPayment },
        ],
      },
      { path: 'logout', lazy: logout },
      // the old video test page: staff to /admin/video, everyone else to /member (outside the guard)
      { path: 'member/videonastest/*', lazy: memberVideoNasTest },
      // the stand-alone live player (spec 01 §2), behind the member area's gate
      { path: 'ovenplayerLiveStream', lazy: ovenPlayerLiveStream },
      { path: 'signature', lazy: signature },
      {
        path: 'member',
        lazy: memberArea,
        children: [
          { index: true, lazy: memberHome },
          { path: 'reload', lazy: memberReload },
          { path: 'line/callback', lazy: memberLineCallback },
          { path: 'calendar', lazy: memberCalendar },
          { path: 'video/:id?', lazy: memberLesson },
          { path: 'videoMYPROLIVE/:id', lazy: memberLesson },
          // the live pages (issue 15): {id} is the live stream's; livetrader is live trade's page
          { path: 'livestreaming/:id?', lazy: memberLive },
          { path: 'livetrade/:id?', lazy: memberLive },
          { path: 'livetrader/:id?', lazy: memberLive },
          // anything else under /member goes back to the dashboard (ARCHITECTURE §9)
          { path: '*', element: <Navigate to="/member" replace /> },
        ],
      },
      // open to all (spec 01 §6); the rest of /admin needs a staff session (the layout checks)
      { path: 'admin/login', lazy: adminLogin },
      {
        path: 'admin',
        lazy: adminLayout,
        children: [
          { index: true, lazy: adminDashboard },
          { path: 'user', lazy: adminUsers },
          { path: 'user/:id/watch', lazy: adminUserWatch },
          { path: 'personnel', lazy: adminPersonnel },
          { path: 'deliveries', lazy: adminDeliveries },
          { path: 'templates', lazy: adminTemplates },
          { path: 'product', lazy: adminProducts },
          { path: 'packages', lazy: adminPackages },
          { path: 'coach', lazy: adminCoaches },
          { path: 'instructor', lazy: adminInstructors },
          { path: 'bookbank', lazy: adminBankAccounts },
          { path: 'patternPayment', lazy: adminInstallmentPlans },
          { path: 'orders', lazy: adminOrders },
          { path: 'ordersConfirm', lazy: adminOrdersConfirm },
          { path: 'affiliate', lazy: adminAffiliates },
          { path: 'coupon', lazy: adminCoupons },
          { path: 'courses', lazy: adminCourses },
          { path: 'coursesdetail/:id', lazy: adminSessions },
          { path: 'zoom', lazy: adminZoom },
          { path: 'document', lazy: adminDocuments },
          { path: 'video', lazy: adminVideos },
          { path: 'liveStreaming', lazy: adminLiveStreams },
          { path: 'userCourse', lazy: adminEnrolments },
          { path: 'userChecking', lazy: adminUserChecking },
          { path: 'userCourseBooking', lazy: adminBookings },
          { path: 'userChecking/kiosk/:sessionId', lazy: adminCheckinKiosk },
          { path: 'memberGroup', lazy: adminMemberGroups },
          { path: 'memberGroupUser', lazy: adminGroupRequests },
          { path: 'memberGroupUserNone', lazy: adminUngrouped },
          { path: '*', lazy: adminComingSoon },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
