import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  crossQuoteQuerySchema,
  crossQuoteResultSchema,
  groupBodySchema,
  groupCrossBodySchema,
  groupDetailSchema,
  groupListItemSchema,
  groupListQuerySchema,
  groupListResultSchema,
  groupMemberParamsSchema,
  groupMembersBodySchema,
  groupPharmacyOptionSchema,
  groupPharmacyOptionsQuerySchema,
} from './group.schema';
import { operatorAccess } from './operator.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './group.schema';

const access = operatorAccess.group;

/** Operator: 集团管理 — pharmacy groups and pharmacy cross (issue 17); the pharmacy side's 集团共享报价. */
export const groupContracts = defineContracts('group', {
  list: {
    method: 'GET',
    path: '/admin/group',
    access,
    summary: '集团列表（药店数、近 30 天订单与 GMV、会员数）',
    query: groupListQuerySchema,
    response: groupListResultSchema,
  },
  pharmacyOptions: {
    method: 'GET',
    path: '/admin/group/pharmacy_options',
    access,
    summary: '可加入集团的药店（按名称搜索，已属集团的注明）',
    query: groupPharmacyOptionsQuerySchema,
    response: z.array(groupPharmacyOptionSchema),
  },
  detail: {
    method: 'GET',
    path: '/admin/group/:id',
    access,
    summary: '集团详情：成员药店及各店数据',
    params: idParamSchema,
    response: groupDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/admin/group',
    access,
    summary: '新建集团',
    body: groupBodySchema,
    response: groupListItemSchema,
  },
  update: {
    method: 'PUT',
    path: '/admin/group/:id',
    access,
    summary: '修改集团名称与备注',
    params: idParamSchema,
    body: groupBodySchema,
    response: groupListItemSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/group/:id',
    access,
    summary: '删除集团（仅当没有成员药店）',
    description: 'A group with member pharmacies answers 409; remove them first.',
    params: idParamSchema,
    response: z.null(),
  },
  addMembers: {
    method: 'POST',
    path: '/admin/group/:id/pharmacy',
    access,
    summary: '添加成员药店（一个药店只能属于一个集团）',
    description:
      'One guarded UPDATE … WHERE group_id IS NULL OR group_id = :id; a pharmacy of another group answers 409 naming it, and nothing changes.',
    params: idParamSchema,
    body: groupMembersBodySchema,
    response: groupDetailSchema,
  },
  removeMember: {
    method: 'DELETE',
    path: '/admin/group/:id/pharmacy/:pharmacyId',
    access,
    summary: '移出成员药店（同时关闭集团共享）',
    params: groupMemberParamsSchema,
    response: groupDetailSchema,
  },
  setCross: {
    method: 'PUT',
    path: '/admin/group/:id/pharmacy/:pharmacyId/cross',
    access,
    summary: '开启 / 关闭集团共享报价（pharmacy cross）',
    params: groupMemberParamsSchema,
    body: groupCrossBodySchema,
    response: groupDetailSchema,
  },
  crossQuotes: {
    method: 'GET',
    path: '/pharmacy/cross',
    access: { pharmacy: 'quote_manage' },
    summary: '集团共享报价：本集团其他开启共享的药店的上架报价（只读）',
    description:
      'Quotes of the other pharmacies of the caller’s group that have cross_group on and are active; on-shelf quotes only; never the caller’s own pharmacy.',
    query: crossQuoteQuerySchema,
    response: crossQuoteResultSchema,
  },
});
