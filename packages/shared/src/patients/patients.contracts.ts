import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  addressCreateSchema,
  addressDiscernBodySchema,
  addressDiscernResultSchema,
  addressSchema,
  addressUpdateSchema,
  familyMemberCreateSchema,
  familyMemberSchema,
  familyMemberUpdateSchema,
} from './patients.schema';

const OWN_ROWS = "Scoped to the signed-in account: another account's row answers 404 exactly like a missing one.";

/** The signed-in patient's own data: family members (就诊人) and delivery addresses (spec §7 `user`). */
export const patientContracts = defineContracts('patient', {
  familyMembers: {
    method: 'GET',
    path: '/user/family_member',
    access: { signedIn: true },
    summary: '我的就诊人（默认的在前）',
    response: z.array(familyMemberSchema),
  },
  createFamilyMember: {
    method: 'POST',
    path: '/user/family_member',
    access: { signedIn: true },
    summary: '添加就诊人（第一个成为默认）',
    description: 'At most 20 per account; the first one becomes the default. Gender and age come from the ID number.',
    body: familyMemberCreateSchema,
    response: familyMemberSchema,
  },
  updateFamilyMember: {
    method: 'PUT',
    path: '/user/family_member/:id',
    access: { signedIn: true },
    summary: '修改就诊人',
    description: OWN_ROWS,
    params: idParamSchema,
    body: familyMemberUpdateSchema,
    response: familyMemberSchema,
  },
  removeFamilyMember: {
    method: 'DELETE',
    path: '/user/family_member/:id',
    access: { signedIn: true },
    summary: '删除就诊人（删除默认的，最早添加的其余一位成为默认）',
    description: OWN_ROWS,
    params: idParamSchema,
    response: z.null(),
  },
  setDefaultFamilyMember: {
    method: 'PUT',
    path: '/user/family_member/:id/default',
    access: { signedIn: true },
    summary: '设为默认就诊人',
    description: OWN_ROWS,
    params: idParamSchema,
    response: familyMemberSchema,
  },
  addresses: {
    method: 'GET',
    path: '/user/address',
    access: { signedIn: true },
    summary: '我的收货地址（默认的在前）',
    response: z.array(addressSchema),
  },
  createAddress: {
    method: 'POST',
    path: '/user/address',
    access: { signedIn: true },
    summary: '添加收货地址（第一个成为默认）',
    description: 'At most 20 per account; province, city and district are checked against the division tree.',
    body: addressCreateSchema,
    response: addressSchema,
  },
  updateAddress: {
    method: 'PUT',
    path: '/user/address/:id',
    access: { signedIn: true },
    summary: '修改收货地址',
    description: OWN_ROWS,
    params: idParamSchema,
    body: addressUpdateSchema,
    response: addressSchema,
  },
  removeAddress: {
    method: 'DELETE',
    path: '/user/address/:id',
    access: { signedIn: true },
    summary: '删除收货地址（删除默认的，最早添加的其余一个成为默认）',
    description: OWN_ROWS,
    params: idParamSchema,
    response: z.null(),
  },
  setDefaultAddress: {
    method: 'PUT',
    path: '/user/address/:id/default',
    access: { signedIn: true },
    summary: '设为默认收货地址',
    description: OWN_ROWS,
    params: idParamSchema,
    response: addressSchema,
  },
  discernAddress: {
    method: 'POST',
    path: '/user/address/discern',
    access: { signedIn: true },
    summary: '智能识别粘贴的地址（姓名、电话、省市区、详细地址）',
    body: addressDiscernBodySchema,
    response: addressDiscernResultSchema,
  },
});

export * from './address-discern';
export * from './divisions';
export * from './patients.schema';
