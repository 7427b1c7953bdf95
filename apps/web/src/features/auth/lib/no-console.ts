/**
 * What a patient is told on the sign-in page before it signs in (it then lands in the patient area, /patient), and
 * what an account without a console menu reads on /login/loginSuccess.
 */
export const NO_CONSOLE_NOTE = '患者账号没有后台功能，登录后进入患者专区购药、查看订单。';
