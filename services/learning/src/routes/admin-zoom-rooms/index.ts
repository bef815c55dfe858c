import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import {
  ZoomRoomAdminQuery,
  ZoomRoomCreateBody,
  ZoomRoomStaff,
  ZoomRoomUpdateBody,
} from '@rian/proto-contracts/learning-content';

/** /admin/zoom-rooms (the SPA's /admin/zoom; spec zoom list / find / create / delete): staff only. */
const adminZoomRoomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/zoom-rooms',
    tag: 'admin-zoom-rooms',
    noun: 'Zoom room',
    item: ZoomRoomStaff,
    query: ZoomRoomAdminQuery,
    createBody: ZoomRoomCreateBody,
    updateBody: ZoomRoomUpdateBody,
    summaries: {
      list: 'Zoom rooms, newest first by default; q matches title, meeting id or link',
      create: 'Add a Zoom room (https link; the passcode is kept encrypted)',
      remove: 'Delete a Zoom room (sessions using it lose it)',
    },
    service: app.zoomRooms,
  });
};

export default adminZoomRoomRoutes;
