import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import {
  VideoAdminQuery,
  VideoCreateBody,
  VideoStaff,
  VideoUpdateBody,
} from '@rian/proto-contracts/learning-content';

/** /admin/videos (the SPA's /admin/video; spec videos list / find / create / delete / ByCourses): staff only. */
const adminVideoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/videos',
    tag: 'admin-videos',
    noun: 'video',
    item: VideoStaff,
    query: VideoAdminQuery,
    createBody: VideoCreateBody,
    updateBody: VideoUpdateBody,
    summaries: {
      list: 'Videos, by item by default; courseId, source and status filter; q matches name or detail',
      create:
        'Add a video (source vimeo and status create by default; the source’s field is required; embeds: Vimeo or YouTube players only)',
      remove: 'Delete a video (sessions showing it lose it; its document list entries go)',
    },
    service: app.videos,
  });
};

export default adminVideoRoutes;
