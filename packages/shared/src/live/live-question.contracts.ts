import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { liveManageAccess, liveStaffAccess } from './live.contracts';
import {
  questionAnswerBodySchema,
  questionBodySchema,
  questionCategoryBodySchema,
  questionCategorySchema,
  questionImportResultSchema,
  questionListQuerySchema,
  questionSchema,
} from './live.schema';

/** The question bank (题库管理): categories as a tree, questions, the answer-set dialog, spreadsheet import. */
export const liveQuestionContracts = defineContracts('live', {
  categories: {
    method: 'GET',
    path: '/live/question_categories',
    access: liveStaffAccess,
    summary: '题目分类（树，平铺返回）',
    response: z.array(questionCategorySchema),
  },
  createCategory: {
    method: 'POST',
    path: '/live/question_categories',
    access: liveManageAccess,
    summary: '新增题目分类',
    body: questionCategoryBodySchema,
    response: questionCategorySchema,
  },
  updateCategory: {
    method: 'PUT',
    path: '/live/question_categories/:id',
    access: liveManageAccess,
    summary: '修改题目分类',
    params: idParamSchema,
    body: questionCategoryBodySchema,
    response: questionCategorySchema,
  },
  removeCategory: {
    method: 'DELETE',
    path: '/live/question_categories/:id',
    access: liveManageAccess,
    summary: '删除题目分类（无下级、无题目时）',
    params: idParamSchema,
    response: z.null(),
  },
  list: {
    method: 'GET',
    path: '/live/questions',
    access: liveStaffAccess,
    summary: '题目列表（分类含下级、题型、关键词）',
    query: questionListQuerySchema,
    response: pageResultSchema(questionSchema),
  },
  create: {
    method: 'POST',
    path: '/live/questions',
    access: liveManageAccess,
    summary: '新增题目',
    body: questionBodySchema,
    response: questionSchema,
  },
  update: {
    method: 'PUT',
    path: '/live/questions/:id',
    access: liveManageAccess,
    summary: '修改题目',
    params: idParamSchema,
    body: questionBodySchema,
    response: questionSchema,
  },
  setAnswer: {
    method: 'PUT',
    path: '/live/questions/:id/answer',
    access: liveManageAccess,
    summary: '答案设置',
    params: idParamSchema,
    body: questionAnswerBodySchema,
    response: questionSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/live/questions/:id',
    access: liveManageAccess,
    summary: '删除题目（未被直播考试使用时）',
    params: idParamSchema,
    response: z.null(),
  },
  template: {
    method: 'GET',
    path: '/live/questions/template',
    access: liveStaffAccess,
    summary: '题目导入模板（xlsx）',
    kind: 'file',
  },
  import: {
    method: 'POST',
    path: '/live/questions/import',
    access: liveManageAccess,
    summary: '导入题目（xlsx；任一行有误时不导入，返回逐行问题）',
    multipart: true,
    body: z.object({ file: fileField(), category_id: z.string().optional() }),
    response: questionImportResultSchema,
  },
});
