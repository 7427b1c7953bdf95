import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  examResultSchema,
  examSubmitBodySchema,
  heartbeatBodySchema,
  heartbeatResultSchema,
  liveCommentBodySchema,
  liveCommentSchema,
  liveCommentsQuerySchema,
  viewerCommentsResultSchema,
  viewerEnrollBodySchema,
  viewerExamSchema,
  viewerInviteInfoSchema,
  viewerInviteQuerySchema,
  viewerLiveSchema,
  viewerPeriodSchema,
} from './live.schema';

/**
 * The patient's side (the phone-sized viewer in the patient area): my camp periods and their lives, an invitation's
 * period, enrolment, the live or its replay, heartbeats, comments, the exam. Every query filters on the account;
 * blacklisted patients are refused (403 liveMessages.blacklisted).
 */
export const liveViewerContracts = defineContracts('live', {
  periods: {
    method: 'GET',
    path: '/live/viewer/periods',
    access: { signedIn: true },
    summary: '我报名的营期与直播',
    response: z.array(viewerPeriodSchema),
  },
  invitation: {
    method: 'GET',
    path: '/live/viewer/periods/:id',
    access: { signedIn: true },
    summary: '营期介绍（邀请链接打开时；带 staff 时记录邀请）',
    params: idParamSchema,
    query: viewerInviteQuerySchema,
    response: viewerInviteInfoSchema,
  },
  enroll: {
    method: 'POST',
    path: '/live/viewer/periods/:id/enroll',
    access: { signedIn: true },
    summary: '报名营期（重复报名不重复记录）',
    params: idParamSchema,
    body: viewerEnrollBodySchema,
    response: viewerPeriodSchema,
  },
  live: {
    method: 'GET',
    path: '/live/viewer/lives/:id',
    access: { signedIn: true },
    summary: '观看直播或回放',
    params: idParamSchema,
    response: viewerLiveSchema,
  },
  heartbeat: {
    method: 'POST',
    path: '/live/viewer/lives/:id/heartbeat',
    access: { signedIn: true },
    summary: '观看心跳（每 5 秒）',
    params: idParamSchema,
    body: heartbeatBodySchema,
    response: heartbeatResultSchema,
  },
  comments: {
    method: 'GET',
    path: '/live/viewer/lives/:id/comments',
    access: { signedIn: true },
    summary: '直播互动',
    params: idParamSchema,
    query: liveCommentsQuerySchema,
    response: viewerCommentsResultSchema,
  },
  comment: {
    method: 'POST',
    path: '/live/viewer/lives/:id/comments',
    access: { signedIn: true },
    summary: '发表评论',
    params: idParamSchema,
    body: liveCommentBodySchema,
    response: liveCommentSchema,
  },
  exam: {
    method: 'GET',
    path: '/live/viewer/lives/:id/exam',
    access: { signedIn: true },
    summary: '课后考试',
    params: idParamSchema,
    response: viewerExamSchema,
  },
  submitExam: {
    method: 'POST',
    path: '/live/viewer/lives/:id/exam',
    access: { signedIn: true },
    summary: '提交考试（只记第一次）',
    params: idParamSchema,
    body: examSubmitBodySchema,
    response: examResultSchema,
  },
});
