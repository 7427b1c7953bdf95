import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { MemberRepository } from './members.repository';
import { memberRoutes } from './members.routes';
import { MemberService } from './members.service';

/** A pharmacy's members (marketing/viper): list, card, edit. */
export async function membersModule(app: FastifyInstance, _context: ModuleContext) {
  const service = new MemberService(new MemberRepository(app.db));
  await app.register(memberRoutes, { service });
}
