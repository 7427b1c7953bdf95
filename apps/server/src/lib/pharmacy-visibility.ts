import { type SQL, sql } from 'drizzle-orm';

/**
 * A quote the public site may show belongs to an active pharmacy: a pending, rejected or suspended pharmacy's quotes
 * leave the product list's prices, the content API's quote items and the hot lists (issue 17, docs/operator.md).
 * Written as "not one of the inactive pharmacies": the uncorrelated sub-select is an InitPlan run once per statement
 * (a handful of ids from pharmacy_status_idx), so each quote costs one array comparison instead of a pharmacy lookup,
 * and the statement's plan over the quote indexes stays what it was.
 */
export const quoteOfActivePharmacy = (pharmacyId: SQL): SQL =>
  sql`${pharmacyId} <> all(array(select ip.id from pharmacy ip where ip.status in ('pending', 'rejected', 'suspended')))`;
