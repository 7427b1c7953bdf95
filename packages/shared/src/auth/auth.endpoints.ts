import { defineEndpoints } from '../common/endpoint';

export const authEndpoints = defineEndpoints({
  'user.smsCode': { method: 'POST', path: '/user/sms_code', auth: false },
  'user.login': { method: 'POST', path: '/user/admin/login', auth: false },
  'user.logout': { method: 'POST', path: '/user/logout', auth: true },
  'user.password': { method: 'PUT', path: '/user/password', auth: true },
  'user.infoMe': { method: 'GET', path: '/user/info/me', auth: true },
  'user.qrLoginCreate': { method: 'POST', path: '/user/login/qrcode', auth: false },
  'user.qrLoginStatus': { method: 'GET', path: '/user/login/qrcode/:qr_id', auth: false },
  'user.qrLoginScan': { method: 'POST', path: '/user/login/qrcode/:qr_id/scan', auth: true },
  'user.qrLoginConfirm': { method: 'POST', path: '/user/login/qrcode/:qr_id/confirm', auth: true },
  'captcha.get': { method: 'GET', path: '/admin/captcha', auth: false },
  'captcha.check': { method: 'POST', path: '/admin/captcha', auth: false },
  'pharmacy.me': { method: 'GET', path: '/pharmacy/me', auth: true },
});
