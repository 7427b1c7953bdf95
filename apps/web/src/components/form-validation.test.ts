// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { validatedValues } from './form-validation';

const formThat = (validateFields: () => Promise<unknown>) => ({ validateFields }) as unknown as FormInstance<object>;

describe('validatedValues', () => {
  it('gives the values when every rule passes', async () => {
    await expect(validatedValues(formThat(async () => ({ title: '春季' })))).resolves.toEqual({ title: '春季' });
  });

  it('gives undefined when a rule fails (the fields show the messages)', async () => {
    const failure = { values: {}, errorFields: [{ name: ['title'], errors: ['请填写标题'] }], outOfDate: false };
    await expect(validatedValues(formThat(() => Promise.reject(failure)))).resolves.toBeUndefined();
  });

  it('rethrows anything else', async () => {
    const bug = new TypeError('x is undefined');
    await expect(validatedValues(formThat(() => Promise.reject(bug)))).rejects.toBe(bug);
  });

  it('is the only caller of form.validateFields in the console', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const callers = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\.validateFields\(/.test(readFileSync(path.join(src, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'));
    expect(callers).toEqual(['components/form-validation.ts']);
  });
});
