/**
 * What an account without a console (a patient) is told: on the sign-in page before it signs in, and on
 * /login/loginSuccess after (where the public header's 进入控制台 also leads it).
 */
export const NO_CONSOLE_NOTE = '患者账号没有后台功能，购药、问诊请使用手机端。';
