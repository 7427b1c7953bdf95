import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { consultationRoutes } from './consultation.routes';
import { healthRoutes } from './health.routes';
import { inspectionRoutes } from './inspection.routes';
import { recipeRoutes } from './recipe.routes';
import { recipeDocumentRoutes } from './recipe-document.routes';

/**
 * Prescriptions and clinical work (issue 13, docs/clinical.md): consultation requests from RX orders reach a doctor,
 * the doctor writes the prescription, the pharmacy's pharmacist inspects it (the order moves on through
 * lib/order-state.ts), and doctors review patients' health forms. Each part registers its own routes.
 */
export async function clinicalModule(app: FastifyInstance, context: ModuleContext) {
  await consultationRoutes(app, context);
  await recipeRoutes(app, context);
  await inspectionRoutes(app, context);
  await recipeDocumentRoutes(app, context);
  await healthRoutes(app, context);
}
