import { shanghaiToday } from '@pharmacy/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { account, pharmacy, pharmacyQualification } from '../schema/index';
import { seedConsoleCombos } from './console-combos';
import { seedConsoleMembers } from './console-members';
import { seedConsoleSettings } from './console-settings';
import { seedConsoleStaff } from './console-staff';
import { demoPharmacies } from './demo-data';

/** Serialises this seed across instances (the account seed uses 72_011_002, the catalogue 72_011_003). */
const CONSOLE_LOCK_KEY = 72_011_004;

/**
 * The pharmacy console's demo data (issue 11), on top of the foundation seed and the catalogue: staff, settings and
 * qualifications, couriers, members, combos. Runs once, in one transaction: skips when any qualification exists (a
 * database seeded before this module gets it on its next start).
 */
export async function seedPharmacyConsole(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const seededAlready = async (q: Pick<Database, 'select'>) =>
    (await q.select({ id: pharmacyQualification.id }).from(pharmacyQualification).limit(1)).length > 0;
  if (await seededAlready(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONSOLE_LOCK_KEY})`);
    if (await seededAlready(tx)) {
      seeded = false;
      return;
    }
    const names = demoPharmacies.map((p) => p.name);
    const rows = await tx
      .select({ id: pharmacy.id, name: pharmacy.name })
      .from(pharmacy)
      .where(inArray(pharmacy.name, names))
      .orderBy(pharmacy.id);
    const pharmacies = names.map((name) => rows.find((r) => r.name === name)).filter((r) => r !== undefined);
    if (pharmacies.length !== names.length) {
      seeded = false;
      return;
    }
    const ids = new Map<string, number>();
    const accountId = (phone: string) => {
      const id = ids.get(phone);
      if (id === undefined) throw new Error(`demo account ${phone} is missing`);
      return id;
    };
    const refresh = async () => {
      for (const a of await tx.select({ id: account.id, phone: account.phone }).from(account)) ids.set(a.phone, a.id);
    };
    const now = options.now ?? new Date();
    const ctx = { tx, pharmacies, accountId, today: shanghaiToday(now.getTime()), now };
    await refresh();
    await seedConsoleStaff(ctx);
    await refresh();
    await seedConsoleSettings(ctx);
    await seedConsoleMembers(ctx);
    await refresh();
    await seedConsoleCombos(ctx);
  });
  return seeded;
}
