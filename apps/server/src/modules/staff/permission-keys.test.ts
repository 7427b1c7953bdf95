import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  allContracts,
  type Contract,
  grantableKeysOf,
  type PharmacyPermissionKey,
  type PharmacyRole,
  pharmacyPermissionKeys,
  serverMessages,
} from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacy, pharmacyMember, session } from '../../db/schema/index';
import { demoPharmacies } from '../../db/seed/demo-data';
import { sha256Hex } from '../../lib/crypto';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

/**
 * Spec §6 key by key, over every contract that exists when this runs: each route whose access is `{ pharmacy: key }`
 * lets in a member holding only that key, refuses (403, before any validation: the guard runs onRequest) a member of
 * the same role holding every other key, and refuses another pharmacy's staff even with 'all'.
 */

let t: TestApp;
let p1: number;
let p2: number;
let p3: number;

const routesByKey = new Map<PharmacyPermissionKey, Contract[]>();
for (const c of allContracts()) {
  if (!('pharmacy' in c.access) || c.access.pharmacy === null || c.access.roles) continue;
  const key = c.access.pharmacy as PharmacyPermissionKey;
  routesByKey.set(key, [...(routesByKey.get(key) ?? []), c]);
}

/** The keys whose routes must exist by now (issue 11); others are checked when their routes arrive. */
const required: PharmacyPermissionKey[] = [
  'quote_manage',
  'quote_set',
  'viper_manage',
  'pharmacy_setting',
  'account_permission',
];

/** A role that can hold the key (the first of pharmacy_admin, manager, customer_service that can). */
const roleFor = (key: PharmacyPermissionKey): PharmacyRole =>
  (['pharmacy_admin', 'manager', 'customer_service'] as const).find((r) => grantableKeysOf(r).includes(key)) ??
  'pharmacy_admin';

let serial = 0;
/** A member of `pharmacyId` with exactly these keys, and a live session of theirs (made in the database). */
async function member(pharmacyId: number, role: PharmacyRole, permissions: string[]): Promise<string> {
  const db = t.database.db;
  serial += 1;
  const phone = `1360000${String(serial).padStart(4, '0')}`;
  const [acc] = await db
    .insert(account)
    .values({ phone, phoneUserId: `pu_keys_${phone}`, name: `权限测试${serial}` })
    .returning({ id: account.id });
  await db.insert(pharmacyMember).values({ pharmacyId, accountId: acc.id, role, permissions });
  const token = randomBytes(24).toString('hex');
  await db.insert(session).values({
    accountId: acc.id,
    tokenSha256: sha256Hex(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** The route with its path parameters filled by an id no row has (nothing is changed by the allowed calls). */
const urlOf = (c: Contract) => `${API_BASE}${c.path.replace(/:([A-Za-z_]+)/g, '2000000000')}`;

const callAs = (c: Contract, token: string, pharmacyId: number) =>
  t.app.inject({ method: c.method, url: urlOf(c), headers: headers(token, pharmacyId) });

/** Refused by the pharmacy guard itself (not a handler's own 403). */
const refusedByGuard = (res: { statusCode: number; json: () => { msg: string } }) =>
  res.statusCode === 403 &&
  ([serverMessages.forbidden, serverMessages.notPharmacyMember] as string[]).includes(res.json().msg);

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: pharmacy.id, name: pharmacy.name }).from(pharmacy);
  [p1, p2, p3] = demoPharmacies.map((d) => rows.find((p) => p.name === d.name)!.id);
});
afterAll(async () => {
  await t?.close();
});

describe('every pharmacy permission key', () => {
  it('has routes for the keys of the pharmacy console, each registered', () => {
    const covered = [...routesByKey.keys()];
    expect(covered).toEqual(expect.arrayContaining(required));
    for (const routes of routesByKey.values()) {
      for (const c of routes) {
        expect(t.app.hasRoute({ method: c.method, url: `${API_BASE}${c.path}` }), `${c.method} ${c.path}`).toBe(true);
      }
    }
  });

  it.each(pharmacyPermissionKeys.filter((k) => routesByKey.has(k)))(
    '%s: allowed with the key, 403 without it, 403 for another pharmacy even with all',
    async (key) => {
      const role = roleFor(key);
      const withKey = await member(p1, role, [key]);
      const withoutKey = await member(
        p1,
        role,
        grantableKeysOf(role).filter((k) => k !== key),
      );
      const pharmacist = await member(p1, 'pharmacist', []);
      const otherAll = await member(p2, 'pharmacy_admin', ['all']);
      const otherShop = await member(p3, 'shop', []);
      for (const c of routesByKey.get(key)!) {
        const name = `${c.method} ${c.path}`;
        const allowed = await callAs(c, withKey, p1);
        expect(allowed.statusCode, `${name} with ${key}: ${allowed.body}`).not.toBe(401);
        expect(refusedByGuard(allowed), `${name} with ${key}: ${allowed.body}`).toBe(false);
        for (const [who, token, pid] of [
          ['without the key', withoutKey, p1],
          ['a pharmacist', pharmacist, p1],
          ["pharmacy 2's admin with all, in pharmacy 1", otherAll, p1],
          ["pharmacy 3's shop, in pharmacy 1", otherShop, p1],
        ] as const) {
          const res = await callAs(c, token, pid);
          expect(res.statusCode, `${name}: ${who}`).toBe(403);
          expect(refusedByGuard(res), `${name}: ${who}`).toBe(true);
        }
      }
    },
  );
});
