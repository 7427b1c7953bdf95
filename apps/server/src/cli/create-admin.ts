import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { mobilePhoneSchema, passwordBodySchema } from '@pharmacy/shared';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createOperator } from '../db/seed/operator';

/**
 * Creates the first platform operator on a real deployment:
 *   npm run create-admin -- --phone 13X --password Y [--name 名字]
 * Missing values are asked for interactively.
 */
async function main() {
  const { values } = parseArgs({
    options: { phone: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const phoneInput = values.phone ?? (await rl.question('手机号: '));
  const password = values.password ?? (await rl.question('密码（至少 8 位，含字母和数字）: '));
  rl.close();

  const phone = mobilePhoneSchema.safeParse(phoneInput);
  if (!phone.success) throw new Error(`手机号格式不正确: ${phoneInput}`);
  const strength = passwordBodySchema.shape.new_password.safeParse(password);
  if (!strength.success) throw new Error(strength.error.issues[0]?.message ?? '密码不符合要求');

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    await database.migrate();
    const { accountId, created } = await createOperator(database.db, {
      phone: phone.data,
      password,
      name: values.name,
    });
    console.log(`${created ? '已创建' : '已更新'}运营账号 ${phone.data}（id ${accountId}，权限 all）`);
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(`创建失败: ${err.message}`);
  process.exit(1);
});
