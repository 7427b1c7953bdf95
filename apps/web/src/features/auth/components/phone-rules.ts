import type { Rule } from 'antd/es/form';

export const phoneRules: Rule[] = [
  { required: true, message: '请输入手机号' },
  { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' },
];
