import fp from 'fastify-plugin';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * HSTS only when the request really came over TLS: directly, or through a proxy the server trusts (TRUST_PROXY) that
 * says `x-forwarded-proto: https`. Over plain HTTP on an intranet address the header would be ignored or, worse, pin
 * a host that has no certificate.
 */
export const transportSecurityPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      done();
    });
  },
  { name: 'transport-security' },
);
