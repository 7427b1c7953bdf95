import { defineContracts } from '../common/contract';
import { marketingStaffAccess } from './marketing.schema';
import {
  adminLiveDataQuerySchema,
  adminMemberDataQuerySchema,
  liveDataQuerySchema,
  liveDataSchema,
  memberDataQuerySchema,
  memberDataSchema,
} from './member-data.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './member-data.schema';

const rangeNotes =
  'Shanghai days date_from..date_to inclusive (default the last 30 days, today included; at most 366: longer or reversed answers 400). See member-data.schema.ts for what counts.';
const liveNotes =
  'The lives planned to start in the range or watched in it, newest first: viewers and watch seconds of the days in range, patients enrolled in a period binding the live (up to the range end), exams submitted in range.';

/** Marketing: 会员数据 (issue 16). The pharmacy's figures for its staff; the platform's for the operator. */
export const memberDataContracts = defineContracts('member-data', {
  daily: {
    method: 'GET',
    path: '/marketing/viper/data',
    access: marketingStaffAccess,
    summary: '会员数据（按天：新增、活跃、订单、金额、观看时长、报名）',
    description: rangeNotes,
    query: memberDataQuerySchema,
    response: memberDataSchema,
  },
  liveData: {
    method: 'GET',
    path: '/marketing/viper/live_data',
    access: marketingStaffAccess,
    summary: '会员数据：直播数据（每场观看人数、观看时长、报名、答题）',
    description: `${rangeNotes} ${liveNotes}`,
    query: liveDataQuerySchema,
    response: liveDataSchema,
  },
  adminDaily: {
    method: 'GET',
    path: '/admin/viper/data',
    access: { admin: 'viper' },
    summary: '平台会员数据（按天；可按药店筛选）',
    description: `${rangeNotes} Every pharmacy unless pharmacy_id is given.`,
    query: adminMemberDataQuerySchema,
    response: memberDataSchema,
  },
  adminLiveData: {
    method: 'GET',
    path: '/admin/viper/live_data',
    access: { admin: 'viper' },
    summary: '平台直播数据（可按药店筛选）',
    description: `${rangeNotes} ${liveNotes} Every pharmacy unless pharmacy_id is given.`,
    query: adminLiveDataQuerySchema,
    response: liveDataSchema,
  },
});
