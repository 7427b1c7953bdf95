import type { MarkReadBody, Message, MessageListQuery, PageResult, SendMessageBody } from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { MessageRepository, MessageRow } from './messages.repository';

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  content: row.content,
  link: row.link,
  read_at: row.readAt ? row.readAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
});

/** A user's notifications: count, page, mark read, delete; the operator sends them. No Fastify types here. */
export class MessageService {
  constructor(private readonly repo: MessageRepository) {}

  unreadCount(accountId: number) {
    return this.repo.countUnread(accountId);
  }

  async list(accountId: number, query: MessageListQuery): Promise<PageResult<Message>> {
    const { rows, total } = await this.repo.page(
      accountId,
      { state: query.state, kind: query.kind },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toMessage), total, page: query.page, page_size: query.page_size };
  }

  markRead(accountId: number, body: MarkReadBody) {
    return this.repo.markRead(accountId, body.all ? 'all' : [...new Set(body.ids ?? [])]);
  }

  /** Soft delete. Someone else's message answers exactly like a missing one. */
  async remove(accountId: number, id: number) {
    if (!(await this.repo.softDelete(accountId, id)))
      throw AppError.notFound('消息不存在或已删除', 'Message not found');
  }

  async send(senderId: number, body: SendMessageBody) {
    const accountId = await this.repo.findAccountIdByPhone(body.phone);
    if (accountId === null) throw AppError.notFound('该手机号未注册', 'No account with this phone');
    const id = await this.repo.insert({
      accountId,
      kind: body.kind,
      title: body.title,
      content: body.content,
      link: body.link ?? null,
      senderId,
    });
    return { id, accountId };
  }
}
