import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built console; browser paths that match no file fall back to index.html (client-side routing). */
export const staticPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // the build writes .br and .gz beside each text asset: compression costs nothing per request
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // hashed build assets never change; index.html must be revalidated to pick up a new build
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.spaFallback = (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  },
  { name: 'static', dependencies: ['errors'] },
);
