import multipart from '@fastify/multipart';
import {
  chatContracts as c,
  canManageChatSettings,
  ErrorCode,
  maskPhone,
  chatPatientContracts as p,
} from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sniffImage } from '../../lib/upload-sniff';
import { audit } from '../../plugins/audit';
import { ConversationRepository } from './conversation.repository';
import { ConversationService, type StaffActor } from './conversation.service';
import { CHAT_IMAGE_MAX_BYTES, chatImageUrl, newChatImage } from './conversation-image';

const staffScope = (request: FastifyRequest) => ({ side: 'staff' as const, pharmacyId: request.pharmacyId! });
const patientScope = (request: FastifyRequest) => ({ side: 'patient' as const, accountId: request.user!.accountId });

const actorOf = (request: FastifyRequest): StaffActor => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
  name: request.user!.name || String(maskPhone(request.user!.phone)),
  role: request.membership!.role,
  manager: canManageChatSettings(request.membership?.role),
});

/**
 * The send routes are the chat's hot path: their answer (toMessage) is built exactly to the contract's shape, so it
 * is written with JSON.stringify instead of being parsed against the zod schema on every message.
 */
const hot = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const tooLarge = (err: unknown) => {
  const e = err as { code?: string; statusCode?: number };
  return e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413;
};

/** Conversations and messages, staff and patient sides (contracts chat + chatPatient; docs/chat.md). */
export async function conversationRoutes(app: FastifyInstance, { storage }: ModuleContext, bus: ChatBus) {
  const service = new ConversationService(new ConversationRepository(app.db), bus, storage, (err, what) =>
    app.log.error({ err }, what),
  );
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 5 } });
  }

  // ------------------------------------------------------------------------------------------------ staff

  route(app, c.list, async (request) =>
    ok(await service.list(request.pharmacyId!, request.user!.accountId, request.query)),
  );

  route(app, c.detail, async (request) => ok(await service.detail(staffScope(request), request.params.id)));

  route(app, c.messages, async (request) =>
    ok(await service.messages(staffScope(request), request.params.id, request.query)),
  );

  route(
    app,
    c.send,
    async (request) => ok(await service.sendAsStaff(actorOf(request), request.params.id, request.body)),
    hot,
  );

  route(app, c.read, async (request) =>
    ok(await service.read(staffScope(request), request.params.id, request.body.seq)),
  );

  route(app, c.take, async (request) => {
    const conversation = await service.take(actorOf(request), request.params.id);
    await audit(request, 'chat.take', `conversation:${request.params.id}`);
    return ok(conversation, '已接入');
  });

  route(app, c.transfer, async (request) => {
    const conversation = await service.transfer(actorOf(request), request.params.id, request.body.assignee_id);
    await audit(request, 'chat.transfer', `conversation:${request.params.id}`, {
      assignee_id: request.body.assignee_id,
    });
    return ok(conversation, '已转接');
  });

  route(app, c.close, async (request) => {
    const conversation = await service.close(actorOf(request), request.params.id);
    await audit(request, 'chat.close', `conversation:${request.params.id}`);
    return ok(conversation, '会话已结束');
  });

  route(app, c.reopen, async (request) => {
    const conversation = await service.reopen(actorOf(request), request.params.id);
    await audit(request, 'chat.reopen', `conversation:${request.params.id}`);
    return ok(conversation, '会话已重新开启');
  });

  route(app, c.unread, async (request) => ok(await service.unread(request.pharmacyId!, request.user!.accountId)));

  route(app, c.sync, async (request) => ok(await service.sync(staffScope(request), request.body)));

  // ------------------------------------------------------------------------------------------------ patient

  route(app, p.mine, async (request) => ok(await service.mine(request.user!.accountId)));

  route(app, p.open, async (request) => ok(await service.open(request.user!.accountId, request.body.pharmacy_id)));

  route(app, p.messages, async (request) =>
    ok(await service.messages(patientScope(request), request.params.id, request.query)),
  );

  route(
    app,
    p.send,
    async (request) => ok(await service.sendAsPatient(request.user!.accountId, request.params.id, request.body)),
    hot,
  );

  route(app, p.read, async (request) =>
    ok(await service.read(patientScope(request), request.params.id, request.body.seq)),
  );

  route(app, p.sync, async (request) => ok(await service.sync(patientScope(request), request.body)));

  // The chat's image upload (patients and staff): stored like any upload under a random name, plus the chat marker
  // that lets a message name it (conversation-image.ts).
  route(app, p.upload, async (request) => {
    if (!request.isMultipart()) throw AppError.badParams('file', '请选择图片', 'Expected multipart/form-data');
    let data: Buffer;
    let filename = '';
    try {
      const part = await request.file({ limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw AppError.badParams('file', '请选择图片', 'No file part');
      filename = part.filename;
      data = await part.toBuffer();
    } catch (err) {
      if (tooLarge(err)) {
        throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过 5MB', 'Chat image over 5 MB');
      }
      throw err;
    }
    const ext = await sniffImage(filename, data);
    if (!ext) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA,
        '请上传 jpg/png/webp 格式的图片',
        'Only jpg, png and webp images are accepted',
      );
    }
    const { name, key } = newChatImage(ext);
    await storage.put(name, data);
    await storage.put(key, Buffer.alloc(0));
    await audit(request, 'chat.upload', `upload:${name}`, { size: data.length });
    return ok({ key, url: chatImageUrl(name) }, '上传成功');
  });
}
