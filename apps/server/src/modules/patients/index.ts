import type { FastifyInstance } from 'fastify';
import { divisionIndex } from '../../lib/divisions';
import { PatientRepository } from './patients.repository';
import { patientRoutes } from './patients.routes';
import { PatientService } from './patients.service';

/** The signed-in patient's own data: family members (就诊人), delivery addresses and the address discerner. */
export async function patientsModule(app: FastifyInstance) {
  const service = new PatientService(new PatientRepository(app.db), divisionIndex);
  await app.register(patientRoutes, { service });
}
