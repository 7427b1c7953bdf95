import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  memberCardSchema,
  memberListItemSchema,
  memberListQuerySchema,
  memberOptionsSchema,
  memberUpdateBodySchema,
} from './member.schema';

// The package's index exports the contracts files; the console needs the member schemas (URL state, labels) too.
export * from './member.schema';

const access = { pharmacy: 'viper_manage' } as const;

/** A pharmacy's members (marketing/viper): list, card, edit. */
export const memberContracts = defineContracts('viper', {
  options: {
    method: 'GET',
    path: '/marketing/viper/options',
    access,
    summary: '会员筛选项（渠道、在用标签）',
    response: memberOptionsSchema,
  },
  list: {
    method: 'GET',
    path: '/marketing/viper',
    access,
    summary: '会员列表（手机号脱敏）',
    description:
      'keyword: a full phone number, the last 4 digits of one, or part of a name. Phones are masked in every answer.',
    query: memberListQuerySchema,
    response: pageResultSchema(memberListItemSchema),
  },
  card: {
    method: 'GET',
    path: '/marketing/viper/:id',
    access,
    summary: '会员卡片（家庭成员、病史、收货地址）',
    description: "Another pharmacy's member answers 404, like a missing one.",
    params: idParamSchema,
    response: memberCardSchema,
  },
  update: {
    method: 'PUT',
    path: '/marketing/viper/:id',
    access,
    summary: '编辑会员（等级、标签、备注）',
    params: idParamSchema,
    body: memberUpdateBodySchema,
    response: memberCardSchema,
  },
});
