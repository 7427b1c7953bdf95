import { z } from 'zod';
import { ID_MAX, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

/** Largest id a PostgreSQL integer column holds (the shared id schemas refuse larger ones). */
export const INT_MAX = ID_MAX;
export const fitsInt = (n: number | undefined) => n === undefined || n <= INT_MAX;

/** mp/cms/quote: the on-shelf quotes of a product (cheapest first) or of a pharmacy. */
export const quoteListQuerySchema = pageQuerySchema
  .extend({
    product_id: idTextSchema.optional(),
    pharmacy_id: idTextSchema.optional(),
  })
  .refine((q) => q.product_id !== undefined || q.pharmacy_id !== undefined, {
    error: '请选择药品或药店',
    path: ['product_id'],
  });

/** mp/cms/province: provinces with the cities where pharmacies are open. */
export const provinceSchema = z.object({ province: z.string(), cities: z.array(z.string()) });

/** mp/cms/items/license: each open pharmacy's licences and qualification images. */
export const pharmacyLicenceSchema = z.object({
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  business_licence_no: z.string(),
  drug_licence_no: z.string(),
  drug_licence_expire_at: z.string().nullable(),
  aptitude_images: z.array(z.string()),
});

/** mp/cms/entry_1: the symptom entries grouped by their entry1_category. */
export const entry1GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(
    z.object({ id: z.number().int(), title: z.string(), icon: z.string(), link: z.string(), sort: z.number().int() }),
  ),
});

/** mp/cms/enum_rejected: the reasons a pharmacist picks when rejecting a prescription. */
export const rejectedReasonSchema = z.object({ value: z.string(), label: z.string() });
export const rejectedReasons = [
  { value: 'incomplete_info', label: '处方信息不完整' },
  { value: 'dosage_exceeded', label: '用法用量超出规定' },
  { value: 'contraindication', label: '存在配伍禁忌或禁忌症' },
  { value: 'allergy', label: '患者有相关药物过敏史' },
  { value: 'diagnosis_mismatch', label: '诊断与用药不符' },
  { value: 'image_unclear', label: '处方图片不清晰' },
  { value: 'expired', label: '处方已过期' },
  { value: 'other', label: '其他原因' },
] as const;
