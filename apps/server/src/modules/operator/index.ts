import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { censusRoutes } from './census.routes';
import { customerRoutes } from './customer.routes';
import { dashboardRoutes } from './dashboard.routes';
import { groupRoutes } from './group.routes';
import { permissionRoutes } from './permission.routes';
import { pharmacyRoutes } from './pharmacy.routes';
import { reportRoutes } from './report.routes';
import { taskRoutes } from './task.routes';

/**
 * The operator area (issue 17, docs/operator.md): the dashboard, complaints, pharmacy groups and pharmacy cross,
 * platform members and their card, platform tasks, prescription statistics, pharmacy onboarding and suspension,
 * operator accounts and permissions with the audit log reader. It reads what the other modules write.
 */
export async function operatorModule(app: FastifyInstance, context: ModuleContext) {
  await dashboardRoutes(app, context);
  await reportRoutes(app, context);
  await groupRoutes(app, context);
  await customerRoutes(app, context);
  await taskRoutes(app, context);
  await censusRoutes(app, context);
  await pharmacyRoutes(app, context);
  await permissionRoutes(app, context);
}
