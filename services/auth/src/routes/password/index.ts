import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  PasswordCheckEmailBody,
  PasswordCheckEmailReply,
  PasswordCodeBody,
  PasswordCodeReply,
  PasswordResetBody,
  PasswordResetReply,
} from '@rian/proto-contracts/auth-password';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { requestLocale } from '@rian/kit/problem';

const errors = { 400: ProblemSchema, 404: ProblemSchema };

/** Forgot / change password (spec 01 §4–§5): check the e-mail, e-mail a code, set a new password. */
const password: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/password/check-email',
    {
      schema: {
        tags: ['password'],
        summary: 'Is this e-mail a member? 404 "ไม่มี Email ในระบบ" when not',
        body: PasswordCheckEmailBody,
        response: { 200: PasswordCheckEmailReply, ...errors },
      },
    },
    async (req) => ({ email: await app.passwordReset.checkEmail(req.body.email), registered: true as const }),
  );

  r.post(
    '/password/code',
    {
      schema: {
        tags: ['password'],
        summary: 'E-mail a 4-digit password-reset code; nothing is sent for an unknown e-mail (404)',
        body: PasswordCodeBody,
        response: { 202: PasswordCodeReply, ...errors, 429: ProblemSchema },
      },
    },
    async (req, reply) => {
      await app.lockout.codeRequest(req, req.body.email, () =>
        app.passwordReset.requestCode(req.body.email, req.body.locale ?? requestLocale(req)),
      );
      return reply.status(202).send({ sent: true, expiresInSeconds: app.passwordReset.codeTtlSeconds });
    },
  );

  r.post(
    '/password/reset',
    {
      schema: {
        tags: ['password'],
        summary: 'Set a new password with the e-mailed code; every session of the member ends',
        body: PasswordResetBody,
        response: { 200: PasswordResetReply, ...errors, 429: ProblemSchema },
      },
    },
    async (req) => {
      await app.lockout.codeAttempt(req, 'password-reset', req.body.email, () =>
        app.passwordReset.reset(req.body, requestLocale(req)),
      );
      return { changed: true as const };
    },
  );
};

export default password;
