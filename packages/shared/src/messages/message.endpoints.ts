import { defineEndpoints } from '../common/endpoint';

export const messageEndpoints = defineEndpoints({
  'message.unreadCount': { method: 'GET', path: '/message/unread_count', auth: true },
  'message.list': { method: 'GET', path: '/message/list', auth: true },
  'message.read': { method: 'PUT', path: '/message/read', auth: true },
  'message.delete': { method: 'DELETE', path: '/message/:id', auth: true },
  'message.send': { method: 'POST', path: '/message', auth: true },
});
