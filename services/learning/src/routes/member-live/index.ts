import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import { bearerToken } from '@rian/kit/tokens';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  LiveAccess,
  LiveComment,
  LiveCommentInput,
  LiveCommentList,
  LiveCommentReplay,
  LiveCommentsNowQuery,
  LiveCommentsQuery,
  LiveStreamMemberList,
  LiveStreamParams,
  LiveWatch,
} from '@rian/proto-contracts/learning-live';
import { LiveStream } from '../../entities/live-stream.js';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The member side of live streaming (spec 01 §2 /member/livestreaming/{id}, /member/livetrade/{id},
 * /ovenplayerLiveStream; §7 liveStreamingComment Now variants and create). Members only, through
 * learning's access rule for streams (domain/live-access.ts): a stream the member may not watch now
 * answers 404 `learning.live_stream_not_found`. The replay also answers staff (they moderate from
 * the same page; the gateway's SSE asks it with the caller's token).
 */
const memberLiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['member-live'], security: [{ bearer: [] }] };
  const member = app.kit.requireUser;
  /** a member or staff: the token alone decides (then the handler: the member's access) */
  const signedIn = async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    req.principal = await app.kit.tokens.verify(token);
  };

  app.get(
    '/member/live/streams',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary:
          'The live streams the member may watch now (their course channels, today’s sessions around now)',
        response: { 200: LiveStreamMemberList, ...refusals },
      },
    },
    async (req) => ({ items: await app.liveWatching.streams(req.principal!.sub) }),
  );

  app.get(
    '/member/live/comments/now',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary:
          'Spec 01 §7 liveStreamingComment Now: the latest visible comments (oldest first) of a stream, a course or a session — exactly one of streamId, courseId, sessionId',
        querystring: LiveCommentsNowQuery,
        response: { 200: LiveCommentList, ...refusals },
      },
    },
    async (req) => {
      const q = req.query;
      const given = [q.streamId, q.courseId, q.sessionId].filter(Boolean).length;
      if (given !== 1) throw validationProblem([fieldError('streamId', 'validation.required')]);
      const userId = req.principal!.sub;
      if (q.streamId) await app.liveWatching.access(userId, q.streamId);
      else if (q.courseId) await app.liveWatching.mayReadCourse(userId, q.courseId);
      else await app.liveWatching.mayReadSession(userId, q.sessionId!);
      return { items: await app.liveComments.now(q, await app.liveComments.scopeOf(q)) };
    },
  );

  app.get(
    '/member/live/:streamId',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary:
          'Watch a stream: the stream, the session that lets the member in, and while it is live a signed playback URL valid a few minutes (ask again at refreshAt)',
        params: LiveStreamParams,
        response: { 200: LiveWatch, ...refusals },
      },
    },
    async (req) => app.liveWatching.watch(req.principal!.sub, req.params.streamId),
  );

  app.get(
    '/member/live/:streamId/access',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary: 'May the member watch the stream now (200 with how), else 404',
        params: LiveStreamParams,
        response: { 200: LiveAccess, ...refusals },
      },
    },
    async (req) => app.liveWatching.accessView(req.principal!.sub, req.params.streamId),
  );

  app.get(
    '/member/live/:streamId/comments',
    {
      preHandler: signedIn,
      schema: {
        ...meta,
        summary:
          'Replay: the visible comments and calls after a seq (or the latest), oldest first, with the latest seq, hidden seqs and the pinned one (members who may watch; staff)',
        params: LiveStreamParams,
        querystring: LiveCommentsQuery,
        response: { 200: LiveCommentReplay, ...refusals },
      },
    },
    async (req) => {
      const p = req.principal!;
      const { streamId } = req.params;
      const stream =
        p.kind === 'staff'
          ? await app.kit.orm.em.fork().findOne(LiveStream, { id: streamId })
          : (await app.liveWatching.access(p.sub, streamId)).stream;
      if (!stream) throw new ProblemError('learning.live_stream_not_found');
      return app.liveComments.replay(stream, req.query.after, req.query.limit);
    },
  );

  app.post(
    '/member/live/:streamId/comments',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary: `Comment on a stream the member may watch now (1 to 500 characters; at most one per 2 s and 20 a minute: 429 learning.live_comment_too_fast)`,
        params: LiveStreamParams,
        body: LiveCommentInput,
        response: { 201: LiveComment, ...refusals, 429: ProblemSchema },
      },
    },
    async (req, reply) => {
      const watcher = await app.liveWatching.access(req.principal!.sub, req.params.streamId);
      return reply
        .status(201)
        .send(await app.liveComments.postMember(req.principal!, watcher, req.body.text));
    },
  );

  app.get(
    '/member/live/:streamId/calls',
    {
      preHandler: member,
      schema: {
        ...meta,
        summary:
          'The trade calls of the broadcast on air (else the latest), oldest first, with their stream time',
        params: LiveStreamParams,
        response: { 200: LiveCommentList, ...refusals },
      },
    },
    async (req) => {
      await app.liveWatching.access(req.principal!.sub, req.params.streamId);
      return { items: await app.liveComments.calls(req.params.streamId) };
    },
  );
};

export default memberLiveRoutes;
