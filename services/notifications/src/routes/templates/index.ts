import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LocaleSchema } from '@rian/proto-contracts/enums';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProblemError } from '@rian/kit/errors';
import { TEMPLATE_CATALOG, type PreviewContext } from '../../domain/template-catalog.js';
import { templatePaths } from '../../domain/template-files.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

const TemplateEntry = Type.Object({
  name: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('chat'), Type.Literal('line')], {
    description: "email; chat: the staff chat; line: a push to a member's LINE (issue 20)",
  }),
  locales: Type.Array(LocaleSchema),
});
const Preview = Type.Object({
  name: Type.String(),
  locale: LocaleSchema,
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  /** the repository files this message in this language comes from: what staff ask to have edited */
  files: Type.Array(Type.String()),
});

/** The staff preview of every message notifications writes, rendered with sample data (issue 20). */
export const templateRoutes: FastifyPluginAsync<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/templates',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['templates'],
        summary: 'The message templates and their languages (staff)',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(TemplateEntry), ...errors },
      },
    },
    async () => TEMPLATE_CATALOG.map(({ name, channel, locales }) => ({ name, channel, locales })),
  );

  r.get(
    '/templates/:name/preview',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['templates'],
        summary: 'One template rendered with sample data, in a language it has (staff)',
        security: [{ bearer: [] }],
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({ locale: Type.Optional(LocaleSchema) }),
        response: { 200: Preview, ...errors, 404: ProblemSchema },
      },
    },
    async (req) => {
      const entry = TEMPLATE_CATALOG.find((t) => t.name === req.params.name);
      if (!entry) throw new ProblemError('notifications.template_not_found');
      const locale =
        req.query.locale && entry.locales.includes(req.query.locale) ? req.query.locale : entry.locales[0]!;
      return {
        name: entry.name,
        locale,
        ...entry.render(locale, ctx),
        files: templatePaths(entry.name, locale),
      };
    },
  );
};
