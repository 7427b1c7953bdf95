import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { liveContracts as c, ErrorCode, liveFlow, liveMessages } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sendSpreadsheet } from '../../lib/spreadsheet-export';
import type { FileStorage } from '../../lib/storage';
import { materialUploads, sniffMaterial } from '../../lib/upload-sniff';
import { audit } from '../../plugins/audit';
import { LiveRepository } from './live.repository';
import { LiveService } from './live.service';

/** A material file: at most this many bytes. */
export const LIVE_MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
const UPLOAD_URL_PREFIX = '/api/v1/upload/';
const uploadName = /^[A-Za-z0-9_-]{24}\.[a-z]{3,4}$/;

const tooLarge = (err: unknown) => {
  const e = err as { code?: string; statusCode?: number };
  return e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413;
};

/** The last segment of a client's file name (some browsers send a path), at most 200 characters. */
const baseName = (filename: string) => (filename.split(/[\\/]/).pop() ?? '').trim().slice(0, 200);

/**
 * Removes the stored files of these material urls that no material row names any more (a synced copy shares its
 * source's files). A failure is logged: the row is gone either way and a stray file harms nobody.
 */
async function dropFiles(app: FastifyInstance, storage: FileStorage, service: LiveService, urls: string[]) {
  for (const url of new Set(urls)) {
    const key = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '';
    if (!uploadName.test(key)) continue;
    try {
      if (!(await service.materialUrlUsed(url))) await storage.delete(key);
    } catch (err) {
      app.log.warn({ err, key }, 'live material file not removed');
    }
  }
}

/**
 * liveContracts (all but today, comments, postComment, hideComment, showComment, mute, unmute, teams, teamStat): the
 * pharmacy's lives, their flow, combo, share cards, sync to the shop's other pharmacies, materials, viewers and their
 * figures, the export and the exam's questions (docs/live.md). The pharmacy is the `pharmacyid` header's.
 */
export async function liveRoutes(app: FastifyInstance, { storage }: ModuleContext) {
  const service = new LiveService(new LiveRepository(app.db));
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: LIVE_MATERIAL_MAX_BYTES, files: 1, fields: 5 } });
  }

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.syncTargets, async (request) => ok(service.syncTargets(request.user!.memberships, request.pharmacyId!)));

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.create, async (request) => {
    const live = await service.create(request.pharmacyId!, request.body, request.user!.accountId);
    await audit(request, 'live.create', `live:${live.id}`, { title: live.title });
    return ok(live, '已创建');
  });

  route(app, c.update, async (request) => {
    const live = await service.update(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.update', `live:${live.id}`, { title: live.title });
    return ok(live, '已保存');
  });

  route(app, c.remove, async (request) => {
    const urls = await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'live.delete', `live:${request.params.id}`);
    await dropFiles(app, storage, service, urls);
    return ok(null, '已删除');
  });

  route(app, c.flow, async (request) => {
    const { action } = request.body;
    const live = await service.flow(request.pharmacyId!, request.params.id, action);
    await audit(request, 'live.flow', `live:${live.id}`, { action, from: liveFlow[action].from, to: live.status });
    return ok(live, `已${liveFlow[action].label}`);
  });

  route(app, c.quoteSet, async (request) => {
    const { quote_set_id, pinned } = request.body;
    const live = await service.setQuoteSet(request.pharmacyId!, request.params.id, quote_set_id, pinned);
    await audit(request, 'live.quote_set', `live:${live.id}`, { quote_set_id, pinned: live.combo_pinned });
    return ok(live, quote_set_id === null ? '已解绑套餐' : '已绑定套餐');
  });

  // ------------------------------------------------------------------------------------------ share cards

  route(app, c.shares, async (request) => ok(await service.shares(request.pharmacyId!, request.params.id)));

  route(app, c.createShare, async (request) => {
    const share = await service.createShare(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.share.create', `live:${share.live_id}`, { share_id: share.id });
    return ok(share, '已保存');
  });

  route(app, c.updateShare, async (request) => {
    const share = await service.updateShare(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.share.update', `live:${share.live_id}`, { share_id: share.id });
    return ok(share, '已保存');
  });

  route(app, c.removeShare, async (request) => {
    await service.removeShare(request.pharmacyId!, request.params.id);
    await audit(request, 'live.share.delete', `live_share:${request.params.id}`);
    return ok(null, '已删除');
  });

  // ------------------------------------------------------------------------------------------ sync

  route(app, c.sync, async (request) => {
    const result = await service.sync(
      request.pharmacyId!,
      request.params.id,
      request.body.pharmacy_ids,
      request.user!.memberships,
      request.user!.accountId,
    );
    await audit(request, 'live.sync', `live:${request.params.id}`, { created: result.created });
    return ok(result, `已同步到 ${result.created.length} 家药店`);
  });

  // ------------------------------------------------------------------------------------------ materials

  route(app, c.materials, async (request) => ok(await service.materials(request.pharmacyId!, request.params.id)));

  // Stored like every upload (a random name served by GET /upload/:key; the link is the capability), its type from
  // its name and its content together (lib/upload-sniff.ts sniffMaterial).
  route(app, c.addMaterial, async (request) => {
    const pharmacyId = request.pharmacyId!;
    const liveId = request.params.id;
    if (!request.isMultipart())
      throw AppError.badParams('file', liveMessages.materialMissing, 'Expected multipart/form-data');
    let data: Buffer | null = null;
    let filename = '';
    let name = '';
    try {
      for await (const part of request.parts({ limits: { fileSize: LIVE_MATERIAL_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'file') {
          const buf = await part.toBuffer();
          if (part.fieldname === 'file' && data === null) {
            data = buf;
            filename = part.filename ?? '';
          }
        } else if (part.fieldname === 'name' && typeof part.value === 'string') {
          name = part.value.trim().slice(0, 200);
        }
      }
    } catch (err) {
      if (tooLarge(err)) {
        throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, '资料文件不能超过 20MB', 'Live material over 20 MB');
      }
      throw err;
    }
    if (!data) throw AppError.badParams('file', liveMessages.materialMissing, 'No file part');
    const ext = await sniffMaterial(filename, data);
    if (!ext) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA,
        '文件类型不支持或与内容不符，请上传 PDF、Word、PPT、Excel 文档或 png/jpg/webp/gif 图片',
        'Material type not allowed or content does not match its name',
      );
    }
    // the body is read (and judged) first: a broken upload answers 400 whatever the live
    await service.assertLive(pharmacyId, liveId);
    const key = `${randomBytes(18).toString('base64url')}.${ext}`;
    await storage.put(key, data);
    const material = await service.addMaterial(pharmacyId, liveId, {
      name: name || baseName(filename) || key,
      url: `${UPLOAD_URL_PREFIX}${key}`,
      size: data.length,
      mime: materialUploads[ext],
    });
    await audit(request, 'live.material.create', `live:${liveId}`, { material_id: material.id, size: data.length });
    return ok(material, '上传成功');
  });

  route(app, c.removeMaterial, async (request) => {
    const url = await service.removeMaterial(request.pharmacyId!, request.params.id);
    await audit(request, 'live.material.delete', `live_material:${request.params.id}`);
    if (url) await dropFiles(app, storage, service, [url]);
    return ok(null, '已删除');
  });

  // ------------------------------------------------------------------------------------------ viewers

  route(app, c.users, async (request) =>
    ok(await service.users(request.pharmacyId!, request.params.id, request.query)),
  );

  route(app, c.userStats, async (request) => ok(await service.userStats(request.pharmacyId!, request.params.id)));

  route(app, c.export, async (request, reply) => {
    const { name, total, spec } = await service.exportSheet(
      request.pharmacyId!,
      request.params.id,
      request.query.keyword,
    );
    await audit(request, 'live.export', `live:${request.params.id}`, { rows: total, filter: request.query });
    return sendSpreadsheet(reply, name, total, spec);
  });

  // ------------------------------------------------------------------------------------------ exam

  route(app, c.questions, async (request) => ok(await service.questions(request.pharmacyId!, request.params.id)));

  route(app, c.bindQuestions, async (request) => {
    const list = await service.bindQuestions(request.pharmacyId!, request.params.id, request.body.question_ids);
    await audit(request, 'live.questions', `live:${request.params.id}`, { question_ids: list.map((q) => q.id) });
    return ok(list, '已保存');
  });
}
