import { z } from 'zod';
import { defineContracts } from '../common/contract';
import {
  platformCensusExportQuerySchema,
  platformCensusQuerySchema,
  platformCensusSchema,
  publicDoctorSchema,
} from './census.schema';
import { operatorAccess } from './operator.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './census.schema';

const range =
  'The prescriptions written (created_at) between date_from and date_to, Shanghai days (default the last 30 days, at ' +
  'most 366; reversed or too long answers 400), of every pharmacy and doctor unless pharmacy_id / doctor_id narrow ' +
  'them. Each counted by its current status; see operator/census.schema.ts for what counts.';

/**
 * Operator: 处方统计 — prescription statistics over the whole platform (issue 17), and the public doctor list of the
 * home page's 医生团队 block. The SQL is shared with the doctor's own census (apps/server/src/lib/recipe-census.ts).
 */
export const platformCensusContracts = defineContracts('platformCensus', {
  census: {
    method: 'GET',
    path: '/admin/recipe/census',
    access: operatorAccess.census,
    summary: '处方统计（平台：按日、按药店、按医生；审核通过率与驳回率、驳回原因、常用药品 TOP 10）',
    description: range,
    query: platformCensusQuerySchema,
    response: platformCensusSchema,
  },
  export: {
    method: 'GET',
    path: '/admin/recipe/census/export',
    kind: 'file',
    access: operatorAccess.census,
    summary: '导出处方统计（按日、按药店或按医生，xls 文件名）',
    description:
      `${range} The rows of one dimension (day | pharmacy | doctor) with their counts and rates, then a 合计 row, ` +
      'as a spreadsheet named 处方统计-<按日|按药店|按医生>-YYYYMMDD.xls (Office Open XML content, see docs/orders.md ' +
      '"Export"); X-Total-Count carries the row count. Audited (census.export).',
    query: platformCensusExportQuerySchema,
  },
  doctors: {
    method: 'GET',
    path: '/mp/manager/doctor/list',
    access: { public: true },
    summary: '平台医生列表（首页医生团队：姓名、职称、医院、科室、简介、头像）',
    description:
      'Active doctors whose account is active, at most 12, in the order they joined (doctor id). No ' +
      'phone, licence or signature. Embedded in the home page’s HTML (plugins/static.ts INITIAL_DATA_URLS).',
    response: z.array(publicDoctorSchema),
  },
});
