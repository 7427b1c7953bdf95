import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { blacklistRoutes } from './blacklist.routes';
import { channelRoutes } from './channel.routes';
import { customerRoutes } from './customer.routes';
import { drugserRoutes } from './drugser.routes';
import { healthReviewRoutes } from './health-review.routes';
import { memberDataRoutes } from './member-data.routes';
import { shareRoutes } from './share.routes';
import { taskRoutes } from './task.routes';
import { teamRoutes } from './team.routes';

/**
 * Marketing (issue 16, docs/marketing.md): customers and their CRM card, member data, medication users, tasks with
 * their log, teams and personal codes, channels and their codes, share packages and their review, the blacklist, the
 * manager's health form review. Orders for customers (proxy and non-drug) live in the orders module, on its state
 * machine (modules/orders/proxy-order.routes.ts).
 */
export async function marketingModule(app: FastifyInstance, context: ModuleContext) {
  await customerRoutes(app, context);
  await memberDataRoutes(app, context);
  await drugserRoutes(app, context);
  await taskRoutes(app, context);
  await teamRoutes(app, context);
  await channelRoutes(app, context);
  await shareRoutes(app, context);
  await blacklistRoutes(app, context);
  await healthReviewRoutes(app, context);
}
