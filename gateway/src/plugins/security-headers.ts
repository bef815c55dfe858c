import fp from 'fastify-plugin';

/**
 * Defaults on every answer, the SPA's and the API's alike. Set before the handler runs, so an
 * upstream that needs something else (a PDF viewer's CSP, say) can still override it.
 */
export const securityHeaders = fp<{ contentSecurityPolicy: string; strictTransportSecurity?: string }>(
  async (app, { contentSecurityPolicy, strictTransportSecurity }) => {
    const headers = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'content-security-policy': contentSecurityPolicy,
      ...(strictTransportSecurity ? { 'strict-transport-security': strictTransportSecurity } : {}),
    };
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'rian-security-headers' },
);
