import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { StaffRepository } from './staff.repository';
import { staffRoutes } from './staff.routes';
import { StaffService } from './staff.service';

/** A pharmacy's staff and permissions (pharmacy/admin_user, admin/permission): /pharmacy/role. */
export async function staffModule(app: FastifyInstance, _context: ModuleContext) {
  const service = new StaffService(new StaffRepository(app.db));
  await app.register(staffRoutes, { service });
}
