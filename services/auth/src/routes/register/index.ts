import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CheckEmailBody,
  CheckEmailReply,
  RegisterBody,
  RegisterReply,
  RequestCodeBody,
  RequestCodeReply,
} from '@rian/proto-contracts/auth';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProblemError } from '@rian/kit/errors';
import { requestLocale } from '@rian/kit/problem';

const errors = { 400: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema };

/** Registration by e-mail code (spec 01 §4–§5): check the e-mail, send a code, register. */
const register: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/register/check-email',
    {
      schema: {
        tags: ['registration'],
        summary: 'Is this e-mail free to register? 409 "เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว" when not',
        body: CheckEmailBody,
        response: { 200: CheckEmailReply, ...errors },
      },
    },
    async (req) => {
      if (await app.accounts.isRegistered(req.body.email)) throw new ProblemError('auth.email_registered');
      return { email: req.body.email.trim().toLowerCase(), registered: false };
    },
  );

  r.post(
    '/register/code',
    {
      schema: {
        tags: ['registration'],
        summary: 'E-mail a 4-digit registration code',
        body: RequestCodeBody,
        response: { 202: RequestCodeReply, ...errors },
      },
    },
    async (req, reply) => {
      await app.lockout.codeRequest(req, req.body.email, () =>
        app.accounts.requestRegistrationCode(req.body.email, req.body.locale ?? requestLocale(req)),
      );
      return reply.status(202).send({ sent: true, expiresInSeconds: app.authConfig.EMAIL_CODE_TTL_SECONDS });
    },
  );

  r.post(
    '/register',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register with the e-mailed code; the new user has status New',
        body: RegisterBody,
        response: { 201: RegisterReply, ...errors },
      },
    },
    async (req, reply) => {
      const user = await app.lockout.codeAttempt(req, 'register', req.body.email, () =>
        app.accounts.register(req.body, requestLocale(req)),
      );
      return reply.status(201).send({ user });
    },
  );
};

export default register;
