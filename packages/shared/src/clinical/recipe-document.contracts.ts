import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { recipeStatisticsQuerySchema, recipeStatisticsSchema } from './recipe-document.schema';

// The package index exports this file; the schemas travel with it.
export * from './recipe-document.schema';

const pdfNotes =
  'An A5 portrait 处方笺 (PDF, filename 处方-<recipe_no>.pdf): header, the prescription number as a Code 128 barcode, the patient, diagnoses, Rp items with their dosage, the doctor’s signature, the pharmacist’s approval and the dispensing pharmacy.';

/** The printable prescription (A5 PDF with its number as a barcode) and the doctor's prescription statistics. */
export const recipeDocumentContracts = defineContracts('recipe', {
  doctorPdf: {
    method: 'GET',
    path: '/recipe/doctor/:id/pdf',
    kind: 'file',
    access: { doctor: true },
    summary: '打印处方笺（A5 PDF，医生本人开具的处方）',
    description: `${pdfNotes} Another doctor’s prescription answers 404 like a missing one.`,
    params: idParamSchema,
  },
  pharmacistPdf: {
    method: 'GET',
    path: '/recipe/pharmacist/:id/pdf',
    kind: 'file',
    access: { pharmacy: null, roles: ['pharmacist'] },
    summary: '打印处方笺（A5 PDF，本药房的处方）',
    description: `${pdfNotes} Another pharmacy’s prescription answers 404 like a missing one.`,
    params: idParamSchema,
  },
  statistics: {
    method: 'GET',
    path: '/recipe/statistics',
    access: { doctor: true },
    summary: '处方统计（医生本人开具的处方：按状态、按日、常用药品 TOP 10、审核通过率）',
    description:
      'The prescriptions written between date_from and date_to (Shanghai days, default the last 30 days, at most 366; reversed or too long answers 400). See recipe-document.schema.ts for what counts.',
    query: recipeStatisticsQuerySchema,
    response: recipeStatisticsSchema,
  },
});
