import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { LocaleBody, MeReply } from '@rian/proto-contracts/auth';
import { ProfilePatchBody } from '@rian/proto-contracts/auth-admin';

/** The member edits their own profile. The avatar waits for the media service (avatarUrl stays null). */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/me',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['sessions'],
        summary: 'Change my nickname (null or "" clears it) and phone (10 digits)',
        security: [{ bearer: [] }],
        body: ProfilePatchBody,
        response: { 200: MeReply, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => ({ user: await app.userAdmin.updateProfile(req.principal!.sub, req.body) }),
  );

  app.put(
    '/me/locale',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['sessions'],
        summary: 'Set the language my e-mails are written in (the SPA calls it when I switch language)',
        security: [{ bearer: [] }],
        body: LocaleBody,
        response: {
          200: LocaleBody,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req) => ({ locale: (await app.accounts.setLocale(req.principal!.sub, req.body.locale)).locale }),
  );
};

export default profileRoutes;
