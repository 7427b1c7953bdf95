import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { columnRoutes } from './column.routes';
import { controlRoutes } from './control.routes';
import { liveRoutes } from './live.routes';
import { platformColumnRoutes } from './platform-column.routes';
import { questionRoutes } from './question.routes';
import { teamStatRoutes } from './team-stat.routes';
import { viewerRoutes } from './viewer.routes';

/**
 * Live classes (issue 15, docs/live.md): lives and their exam, share cards, materials and viewers; the question
 * bank; columns, camp periods and enrolments; the operator's platform columns; the control room; team statistics;
 * the patient's viewer (heartbeats written in batches, comments, the exam).
 */
export async function liveModule(app: FastifyInstance, context: ModuleContext) {
  await liveRoutes(app, context);
  await questionRoutes(app, context);
  await columnRoutes(app, context);
  await platformColumnRoutes(app, context);
  await controlRoutes(app, context);
  await teamStatRoutes(app, context);
  await viewerRoutes(app, context);
}
