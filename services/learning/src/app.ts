import fp from 'fastify-plugin';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { migrations } from './migrations/0001-init.js';
import { coursesMigrations } from './migrations/0002-courses.js';
import { courseEventsMigrations } from './migrations/0003-course-events.js';
import { enrolmentAdminMigrations } from './migrations/0005-enrolment-admin.js';
import { contentMigrations } from './migrations/0004-content.js';
import { documentNamesMigrations } from './migrations/0006-document-names.js';
import { videoPreviewMigrations } from './migrations/0007-video-preview.js';
import { watchStatisticsMigrations } from './migrations/0008-watch-statistics.js';
import { liveMigrations } from './migrations/0009-live.js';
import { liveBroadcastMigrations } from './migrations/0010-live-broadcasts.js';
import { memberGroupsMigrations } from './migrations/0011-member-groups.js';
import { checkInMigrations } from './migrations/0012-check-in.js';
import { signedTermsMigrations } from './migrations/0013-signed-terms.js';
import { courseLiveImagesMigrations } from './migrations/0014-course-live-images.js';
import { dashboardSignalsMigrations } from './migrations/0015-dashboard-signals.js';
import { sessionEnrolmentAnnounceMigrations } from './migrations/0016-session-enrolment-announce.js';
import { Course } from './entities/course.js';
import { Enrolment } from './entities/enrolment.js';
import { EnrolmentAudit } from './entities/enrolment-audit.js';
import { PaidOrder } from './entities/paid-order.js';
import { ProductCourseList } from './entities/product-course-list.js';
import { CourseSession } from './entities/course-session.js';
import { Video } from './entities/video.js';
import { ZoomRoom } from './entities/zoom-room.js';
import { CourseDocument } from './entities/course-document.js';
import { DocumentList } from './entities/document-list.js';
import { Instructor } from './entities/instructor.js';
import { VideoAsset } from './entities/video-asset.js';
import { MediaDocument } from './entities/media-document.js';
import { VideoStatistics } from './entities/video-statistics.js';
import { VideoProgressRow, WatchDayRow, WatchDevice } from './entities/video-progress.js';
import { UserDetail, UserPort } from './entities/user-record.js';
import { LiveStream } from './entities/live-stream.js';
import { LiveComment } from './entities/live-comment.js';
import { LiveBroadcast } from './entities/live-broadcast.js';
import { MemberName } from './entities/member-name.js';
import { CheckinSecret, SessionCheckin } from './entities/session-checkin.js';
import { SignedTerms } from './entities/signed-terms.js';
import signedTerms from './plugins/app/signed-terms.js';
import memberTermsRoutes from './routes/member-terms/index.js';
import { MemberGroup, MemberGroupUser } from './entities/member-group.js';
import courses from './plugins/app/courses.js';
import announcePending from './plugins/app/announce-pending.js';
import enrolments from './plugins/app/enrolments.js';
import enrolmentAdmin from './plugins/app/enrolment-admin.js';
import memberSessions from './plugins/app/member-sessions.js';
import memberSessionRoutes from './routes/member-sessions/index.js';
import productGrants from './plugins/app/product-grants.js';
import sessions from './plugins/app/sessions.js';
import videos from './plugins/app/videos.js';
import zoomRooms from './plugins/app/zoom-rooms.js';
import documents from './plugins/app/documents.js';
import demoSeed from './plugins/app/demo-seed.js';
import liveStreams from './plugins/app/live-streams.js';
import liveWatching from './plugins/app/live-watch.js';
import liveComments from './plugins/app/live-comments.js';
import liveBroadcasts from './plugins/app/live-broadcasts.js';
import adminLiveStreamRoutes from './routes/admin-live-streams/index.js';
import memberLiveRoutes from './routes/member-live/index.js';
import checkins from './plugins/app/checkins.js';
import checkinRoutes from './routes/checkins/index.js';
import courseRoutes from './routes/courses/index.js';
import adminCourseRoutes from './routes/admin-courses/index.js';
import enrolmentRoutes from './routes/enrolments/index.js';
import adminEnrolmentRoutes from './routes/admin-enrolments/index.js';
import adminProductRoutes from './routes/admin-products/index.js';
import adminSessionRoutes from './routes/admin-sessions/index.js';
import adminVideoRoutes from './routes/admin-videos/index.js';
import adminZoomRoomRoutes from './routes/admin-zoom-rooms/index.js';
import adminDocumentRoutes from './routes/admin-documents/index.js';
import curriculumRoutes from './routes/curriculum/index.js';
import publicCourses from './plugins/app/public-courses.js';
import publicCourseRoutes from './routes/public-courses/index.js';
import playbacks from './plugins/app/playbacks.js';
import watchStats from './plugins/app/watch-stats.js';
import userRecords from './plugins/app/user-records.js';
import memberPlaybackRoutes from './routes/member-playbacks/index.js';
import memberStatsRoutes from './routes/member-stats/index.js';
import adminStatsRoutes from './routes/admin-stats/index.js';
import userRecordRoutes from './routes/user-records/index.js';
import memberGroups from './plugins/app/member-groups.js';
import groupRequests from './plugins/app/group-requests.js';
import adminMemberGroupRoutes from './routes/admin-member-groups/index.js';
import adminGroupRequestRoutes from './routes/admin-group-requests/index.js';
import memberGroupRoutes from './routes/member-groups/index.js';
import { onOrdersOrderPaid } from './messaging/handlers/on-orders-order-paid.js';
import { onCatalogProductCoursesChanged } from './messaging/handlers/on-catalog-product-courses-changed.js';
import { onCatalogInstructorChanged } from './messaging/handlers/on-catalog-instructor-changed.js';
import { onCatalogInstructorDeleted } from './messaging/handlers/on-catalog-instructor-deleted.js';
import { onMediaFileStored } from './messaging/handlers/on-media-file-stored.js';
import { onMediaVideoChanged } from './messaging/handlers/on-media-video-changed.js';
import { onAuthUserRegistered } from './messaging/handlers/on-auth-user-registered.js';

/**
 * Builds the learning app (never listens): courses and what they are made of (sessions, videos, Zoom
 * rooms, documents and document lists) kept by staff, a product page's curriculum, enrolments granted
 * by paid orders (ARCHITECTURE §3 step 5) and the member's course switch.
 */
export async function buildApp(
  config: Config,
  opts: { tokenKeys?: KeySource; logger?: Logger } = {},
): Promise<ServiceApp> {
  return buildService({
    name: 'learning',
    description:
      'Learning: courses, sessions, videos, Zoom rooms, documents, live streams and comments, enrolments granted by paid orders',
    config,
    entities: [
      Course,
      Enrolment,
      EnrolmentAudit,
      PaidOrder,
      ProductCourseList,
      CourseSession,
      Video,
      ZoomRoom,
      CourseDocument,
      DocumentList,
      Instructor,
      VideoAsset,
      MediaDocument,
      VideoStatistics,
      VideoProgressRow,
      WatchDayRow,
      WatchDevice,
      UserDetail,
      UserPort,
      LiveStream,
      LiveComment,
      LiveBroadcast,
      MemberName,
      SessionCheckin,
      CheckinSecret,
      SignedTerms,
      MemberGroup,
      MemberGroupUser,
    ],
    migrations: [
      ...migrations,
      ...coursesMigrations,
      ...courseEventsMigrations,
      ...contentMigrations,
      ...enrolmentAdminMigrations,
      ...documentNamesMigrations,
      ...videoPreviewMigrations,
      ...watchStatisticsMigrations,
      ...liveMigrations,
      ...liveBroadcastMigrations,
      ...memberGroupsMigrations,
      ...checkInMigrations,
      ...signedTermsMigrations,
      ...courseLiveImagesMigrations,
      ...dashboardSignalsMigrations,
      ...sessionEnrolmentAnnounceMigrations,
    ],
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: fp(async (app) => {
      await app.register(courses);
      await app.register(enrolments);
      await app.register(enrolmentAdmin);
      await app.register(liveBroadcasts);
      await app.register(memberSessions, { settings: config });
      await app.register(productGrants);
      await app.register(sessions);
      await app.register(announcePending);
      await app.register(videos);
      await app.register(zoomRooms, { secretKey: config.LEARNING_SECRET_KEY });
      await app.register(documents, { settings: config });
      await app.register(publicCourses, { settings: config });
      await app.register(liveStreams, { secretKey: config.LEARNING_SECRET_KEY });
      await app.register(liveWatching, { settings: config });
      await app.register(liveComments);
      await app.register(memberGroups);
      await app.register(groupRequests);
      await app.register(demoSeed, { enabled: config.LEARNING_SEED_DEMO });
      await app.register(playbacks, { settings: config });
      await app.register(watchStats);
      await app.register(userRecords);
      await app.register(checkins, { secretKey: config.LEARNING_SECRET_KEY, siteUrl: config.SITE_URL });
      await app.register(courseRoutes);
      await app.register(adminCourseRoutes);
      await app.register(enrolmentRoutes);
      await app.register(adminEnrolmentRoutes);
      await app.register(adminProductRoutes);
      await app.register(memberSessionRoutes);
      await app.register(adminSessionRoutes);
      await app.register(adminVideoRoutes);
      await app.register(adminZoomRoomRoutes);
      await app.register(adminDocumentRoutes);
      await app.register(curriculumRoutes);
      await app.register(publicCourseRoutes);
      await app.register(memberPlaybackRoutes);
      await app.register(memberStatsRoutes);
      await app.register(adminStatsRoutes);
      await app.register(userRecordRoutes);
      await app.register(adminLiveStreamRoutes);
      await app.register(memberLiveRoutes);
      await app.register(checkinRoutes);
      await app.register(signedTerms, { settings: config });
      await app.register(memberTermsRoutes);
      await app.register(adminMemberGroupRoutes);
      await app.register(adminGroupRequestRoutes);
      await app.register(memberGroupRoutes);
    }),
    consumers: (kit) => [
      onOrdersOrderPaid(kit.outbox),
      onCatalogProductCoursesChanged,
      onCatalogInstructorChanged,
      onCatalogInstructorDeleted,
      onMediaFileStored,
      onMediaVideoChanged(kit.outbox),
      onAuthUserRegistered,
    ],
  });
}
