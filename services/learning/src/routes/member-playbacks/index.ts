import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  BeaconBeat,
  Beat,
  BeatResult,
  PlaybackParams,
  PlaybackStart,
  PlaybackStarted,
} from '@rian/proto-contracts/learning-watch';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * Playbacks and heartbeats (issue 14): the member opens a lesson's playback, the player beats every
 * WATCH_BEAT_S with the member's token, and a last beat on pagehide goes by `navigator.sendBeacon`,
 * which cannot send Authorization: the beacon route takes the playback's beat token instead and
 * accepts the body as application/json or text/plain (a Blob or a string).
 */
const memberPlaybackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['member-playbacks'], security: [{ bearer: [] }] };

  app.post(
    '/member/playbacks',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "Open the playback of a session's video the member may open (else 404): where to resume (spec 01 §4), the beat token for the beacon; 409 learning.playback_elsewhere (with `elsewhere`) when the account plays elsewhere and takeOver is not set",
        body: PlaybackStart,
        response: { 201: PlaybackStarted, ...refusals, 409: ProblemSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return app.playbacks.start(req.principal!.sub, req.body, req.ip ?? null);
    },
  );

  app.post(
    '/member/playbacks/:id/beats',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "A heartbeat of the member's own playback: credited at most wall-clock × the highest rate; a replayed or out-of-order seq changes nothing (accepted false); 409 learning.playback_taken_over when another device took the account's playback",
        params: PlaybackParams,
        body: Beat,
        response: { 200: BeatResult, ...refusals, 409: ProblemSchema },
      },
    },
    async (req) => app.playbacks.beat(req.params.id, { userId: req.principal!.sub }, req.body),
  );

  await app.register(async (scope) => {
    const beacon = scope.withTypeProvider<TypeBoxTypeProvider>();
    // sendBeacon posts a string as text/plain: read it as the JSON it is (this route only)
    beacon.removeContentTypeParser('text/plain');
    beacon.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        (err as { statusCode?: number }).statusCode = 400;
        done(err as Error, undefined);
      }
    });
    beacon.post(
      '/member/playbacks/:id/beacon',
      {
        schema: {
          tags: ['member-playbacks'],
          summary:
            "The last beat of a page going away (navigator.sendBeacon, no Authorization): authenticated by the playback's beat token (a wrong one answers 404 as an unknown playback); application/json or text/plain",
          params: PlaybackParams,
          body: BeaconBeat,
          response: { 200: BeatResult, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
        },
      },
      async (req) => {
        const { beatToken, ...beat } = req.body;
        return app.playbacks.beat(req.params.id, { beatToken }, beat);
      },
    );
  });
};

export default memberPlaybackRoutes;
