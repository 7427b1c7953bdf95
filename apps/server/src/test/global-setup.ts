import { prepareTemplate } from './template';

/**
 * Vitest globalSetup of the server project: the migrated and seeded template (PGlite dump or PostgreSQL template
 * database) is built here, once, before any test file runs, instead of inside the first file's beforeAll (where a
 * grown seed on a busy machine ran into the hook timeout, and two files starting together would both build it).
 */
export default async function setup() {
  await prepareTemplate();
}
