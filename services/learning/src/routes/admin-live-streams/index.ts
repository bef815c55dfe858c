import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CourseStaff } from '@rian/proto-contracts/learning';
import {
  CourseLiveStreamingBody,
  LiveBroadcastQuery,
  LiveBroadcastsPage,
  LiveComment,
  LiveCommentInput,
  LiveCommentParams,
  LiveCommentsQuery,
  LiveCommentStaff,
  LiveCommentStaffList,
  LiveStreamAdminQuery,
  LiveStreamCreateBody,
  LiveStreamStaff,
  LiveStreamUpdateBody,
  LiveStreamWithKey,
  LiveViewersNow,
  TradeCallInput,
} from '@rian/proto-contracts/learning-live';

const IdParams = Type.Object({ id: Uuid() });
const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * /admin/live-streams (the SPA's /admin/liveStreaming; spec 02 §7 liveStreaming and
 * liveStreamingComment): staff only. The stream key is answered by create (201) and rotate-key
 * only. Comments: staff read them all (hidden too), post as the host, post trade calls on a live
 * trade stream, hide and pin. Also the course's UpdateLiveStreaming.
 */
const adminLiveStreamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const path = '/admin/live-streams';
  const tag = 'admin-live-streams';
  const staff = app.kit.requireStaff();
  const meta = { tags: [tag], security: [{ bearer: [] }] };

  staffRoutes(app, {
    path,
    tag,
    noun: 'live stream',
    item: LiveStreamStaff,
    query: LiveStreamAdminQuery,
    updateBody: LiveStreamUpdateBody,
    conflict: ['remove'],
    summaries: {
      list: 'Live streams, newest first by default; q matches name, url or server; never the key',
      update:
        'Change some fields of a live stream: absent keeps, null clears; live N → Y starts the stream time and announces learning.live.changed',
      remove:
        'Delete a live stream without comments (else 409 learning.live_stream_has_comments); courses and sessions using it lose it',
    },
    list: (q) => app.liveStreams.listStaff(q),
    get: (id) => app.liveStreams.staffById(id),
    update: (id, body) => app.liveStreams.update(id, body),
    remove: (id) => app.liveStreams.remove(id),
  });

  app.get(
    `${path}/viewers-now`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          'Members watching now: holding an unexpired playback address of a stream that is live now (distinct over all streams, and per stream)',
        response: { 200: LiveViewersNow, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async () => app.liveWatching.viewersNow(),
  );

  app.post(
    path,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: 'Add a live stream; the answer carries the new stream key, shown this once',
        body: LiveStreamCreateBody,
        response: { 201: LiveStreamWithKey, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.liveStreams.create(req.body, req.principal?.sub ?? null)),
  );

  app.post(
    `${path}/:id/rotate-key`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: 'Make a new stream key (the old one stops working); the answer shows it this once',
        params: IdParams,
        response: { 200: LiveStreamWithKey, ...refusals },
      },
    },
    async (req) => app.liveStreams.rotateKey(req.params.id),
  );

  app.get(
    `${path}/:id/comments`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: "A stream's comments and calls after a seq (or the latest), hidden ones too, oldest first",
        params: IdParams,
        querystring: LiveCommentsQuery,
        response: { 200: LiveCommentStaffList, ...refusals },
      },
    },
    async (req) => ({
      items: await app.liveComments.staffList(req.params.id, req.query.after, req.query.limit),
    }),
  );

  app.post(
    `${path}/:id/comments`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: 'Post a comment as staff (the host)',
        params: IdParams,
        body: LiveCommentInput,
        response: { 201: LiveComment, ...refusals },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.liveComments.postStaff(req.principal!, req.params.id, req.body.text)),
  );

  app.post(
    `${path}/:id/calls`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          'Post a trade call (symbol, side, entry, stop, target, note) on a live trade stream, kept with its stream time',
        params: IdParams,
        body: TradeCallInput,
        response: { 201: LiveComment, ...refusals, 409: ProblemSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await app.liveComments.postCall(req.principal!, req.params.id, req.body)),
  );

  app.get(
    `${path}/:id/broadcasts`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          "A stream's broadcasts (each time it was on air), newest first, with their call and recording counts",
        params: IdParams,
        querystring: LiveBroadcastQuery,
        response: { 200: LiveBroadcastsPage, ...refusals },
      },
    },
    async (req) => app.liveBroadcasts.listStaff(req.params.id, req.query),
  );

  app.post(
    `${path}/:id/comments/:seq/hide`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: 'Hide a comment: it disappears for everyone (SSE hidden); a pinned one is unpinned',
        params: LiveCommentParams,
        response: { 200: LiveCommentStaff, ...refusals },
      },
    },
    async (req) => app.liveComments.hide(req.params.id, req.params.seq, req.principal!.sub),
  );

  app.post(
    `${path}/:id/comments/:seq/pin`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: "Pin a visible comment (the stream's pin before goes): SSE pinned for everyone",
        params: LiveCommentParams,
        response: { 200: LiveCommentStaff, ...refusals },
      },
    },
    async (req) => app.liveComments.pin(req.params.id, req.params.seq),
  );

  app.delete(
    `${path}/:id/pin`,
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary: "Unpin the stream's pinned comment (SSE pinned with null)",
        params: IdParams,
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (req, reply) => {
      await app.liveComments.unpin(req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/courses/:id/live-streaming',
    {
      preHandler: staff,
      schema: {
        tags: ['admin-courses'],
        security: [{ bearer: [] }],
        summary:
          "Spec 02 §7 UpdateLiveStreaming: the course's live flag, its stream (400 learning.live_stream_unknown) and the two images",
        params: IdParams,
        body: CourseLiveStreamingBody,
        response: { 200: CourseStaff, ...refusals, 409: ProblemSchema },
      },
    },
    async (req) => app.liveStreams.updateCourse(req.params.id, req.body),
  );
};

export default adminLiveStreamRoutes;
