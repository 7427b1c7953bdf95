import { type RecipeCheckResult, type RecipeItemInput, runInspectionAids } from '@pharmacy/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { category, product } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** The patient facts the inspection aids use. */
export interface CheckPatient {
  age: number | null;
  weight_kg: string | null;
  allergies: readonly string[];
}

/** What the prescription needs of a product: its snapshot and the aids' facts (category = therapeutic class). */
export interface ProductFacts {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  type: string;
  manufacturer: string;
  category: string;
  status: string;
}

export interface CheckOptions {
  /**
   * Run on products that are no longer active instead of refusing them (the pharmacist inspects what was written,
   * even if a product went off the catalogue since). A product that no longer exists is refused either way.
   */
  allowInactive?: boolean;
}

/** Why the checks could not run, as the dialogs show it. */
export const recipeCheckUnavailable = (reason: string) => `用药检查暂时无法完成：${reason}`;

/** The lines' products (id → facts), with their category's name as the therapeutic class. */
export async function loadProductFacts(db: DbExecutor, ids: readonly number[]): Promise<Map<number, ProductFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: product.id,
      name: product.name,
      generic_name: product.genericName,
      spec: product.spec,
      type: product.type,
      manufacturer: product.manufacturer,
      category: category.name,
      status: product.status,
    })
    .from(product)
    .leftJoin(category, eq(category.id, product.categoryId))
    .where(inArray(product.id, unique));
  return new Map(rows.map((r) => [r.id, { ...r, category: r.category ?? '' }]));
}

/**
 * Loads the lines' products and runs the inspection aids (packages/shared/src/clinical/inspection-aids.ts) on them:
 * used when the doctor types (POST recipe/check), when the prescription is written, and again at inspection. A failure
 * to run (the database erring, the aids throwing) answers `unavailable` with its reason, never an empty `ok`; a line
 * whose product is missing (or inactive, unless allowed) is the caller's mistake: a field error
 * (`items.<i>.product_id`, AppError 400).
 * Owned by the recipe part (issue 13); the inspection part calls it.
 */
export async function checkRecipeItems(
  db: DbExecutor,
  items: readonly RecipeItemInput[],
  patient: CheckPatient,
  options: CheckOptions = {},
): Promise<{ result: RecipeCheckResult; products: Map<number, ProductFacts> }> {
  let products: Map<number, ProductFacts>;
  try {
    products = await loadProductFacts(
      db,
      items.map((i) => i.product_id),
    );
  } catch (error) {
    return {
      result: {
        status: 'unavailable',
        warnings: [],
        message: recipeCheckUnavailable(`药品信息读取失败（${describe(error)}）`),
      },
      products: new Map(),
    };
  }
  items.forEach((item, i) => {
    const p = products.get(item.product_id);
    if (!p) throw fieldError(`items.${i}.product_id`, `第${i + 1}行药品不存在`);
    if (p.status !== 'active' && !options.allowInactive) {
      throw fieldError(`items.${i}.product_id`, `第${i + 1}行药品「${p.name}」已停用，请重新选择`);
    }
  });
  try {
    const warnings = runInspectionAids(
      items.map((item) => {
        const p = products.get(item.product_id) as ProductFacts;
        return {
          name: p.name,
          generic_name: p.generic_name,
          type: p.type,
          category: p.category,
          spec: p.spec,
          dose_amount: item.dose_amount,
          dose_unit: item.dose_unit,
          frequency: item.frequency,
          days: item.days,
          qty: item.qty,
        };
      }),
      { age: patient.age, weight_kg: patient.weight_kg, allergies: patient.allergies },
    );
    return { result: { status: 'ok', warnings, message: '' }, products };
  } catch (error) {
    return {
      result: {
        status: 'unavailable',
        warnings: [],
        message: recipeCheckUnavailable(`检查规则执行出错（${describe(error)}）`),
      },
      products,
    };
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 120);

/** A 400 naming the field, like the schema validation's envelope (plugins/errors.ts). */
export function fieldError(field: string, reason: string) {
  const error = AppError.badParams(field, reason);
  return new AppError(error.statusCode, error.code, reason, error.message, {
    field,
    issues: [{ field, message: reason }],
  });
}
