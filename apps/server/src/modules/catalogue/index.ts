import type { FastifyInstance } from 'fastify';
import { demoImageRoutes } from './demo-images.routes';

/** The demo catalogue's placeholder images (the generator and its data live beside this file). */
export async function demoImagesModule(app: FastifyInstance) {
  await app.register(demoImageRoutes);
}
