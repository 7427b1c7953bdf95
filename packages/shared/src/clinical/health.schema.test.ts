import { describe, expect, it } from 'vitest';
import { allContracts } from '../contracts';
import { healthContracts } from './health.contracts';
import {
  computeBmi,
  describeHealthAnswers,
  healthAnswersSchema,
  healthFormListQuerySchema,
  healthMeasurementBodySchema,
  healthResetBodySchema,
} from './health.schema';

const good = {
  height_cm: 172,
  weight_kg: 68.5,
  systolic: 135,
  diastolic: 88,
  blood_sugar: 6.2,
  smoking: 'quit',
  drinking: 'never',
  exercise: 'daily',
  chronic_conditions: ['高血压', '高血压', '糖尿病'],
  allergy_confirm: 'none',
};

const messages = (input: unknown) => {
  const r = healthAnswersSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('health answers', () => {
  it('accepts a complete form, fills defaults and removes repeated conditions', () => {
    const a = healthAnswersSchema.parse(good);
    expect(a.chronic_conditions).toEqual(['高血压', '糖尿病']);
    expect(a).toMatchObject({ medications: '', allergy_detail: '', pregnancy: 'none', note: '' });
  });

  it('blood pressure and sugar are optional, height and weight are not', () => {
    const { systolic: _s, diastolic: _d, blood_sugar: _b, ...rest } = good;
    expect(healthAnswersSchema.safeParse(rest).success).toBe(true);
    expect(messages({ ...good, height_cm: null })).toEqual(['height_cm:请填写身高']);
    expect(messages({ ...good, weight_kg: undefined })).toEqual(['weight_kg:请填写体重']);
  });

  it.each([
    [{ height_cm: 29.9 }, 'height_cm:身高应在 30–250 cm 之间'],
    [{ height_cm: 30 }, null],
    [{ height_cm: 250 }, null],
    [{ weight_kg: 300.1 }, 'weight_kg:体重应在 2–300 kg 之间'],
    [{ weight_kg: 2 }, null],
    [{ weight_kg: 70.05 }, 'weight_kg:体重最多保留 1 位小数'],
    [{ weight_kg: 0.1 + 0.2 + 70 }, null], // 70.3 as a float sum still has one decimal
    [{ systolic: 59 }, 'systolic:收缩压应在 60–260 mmHg 之间'],
    [{ systolic: 130.5 }, 'systolic:收缩压应为整数'],
    [{ diastolic: 161, systolic: 200 }, 'diastolic:舒张压应在 30–160 mmHg 之间'],
    [{ diastolic: 135 }, 'diastolic:舒张压应低于收缩压'],
    [{ diastolic: null }, 'diastolic:收缩压和舒张压需同时填写'],
    [{ systolic: null }, 'systolic:收缩压和舒张压需同时填写'],
    [{ blood_sugar: 35.1 }, 'blood_sugar:空腹血糖应在 1–35 mmol/L 之间'],
    [{ blood_sugar: 1 }, null],
    [{ allergy_confirm: 'yes' }, 'allergy_detail:请填写过敏物质'],
    [{ allergy_confirm: 'yes', allergy_detail: '  ' }, 'allergy_detail:请填写过敏物质'],
    [{ drinking: '经常' }, 'drinking:请选择饮酒情况'],
  ])('%j → %s', (over, message) => {
    expect(messages({ ...good, ...over })).toEqual(message ? [message] : []);
  });
});

describe('BMI', () => {
  it('is exact and rounds half up to one decimal', () => {
    expect(computeBmi(172, 68.5)).toBe('23.2'); // 23.154…
    expect(computeBmi('160.0', '56.0')).toBe('21.9'); // 21.875 → 21.9 (a float would give 21.87499…)
    expect(computeBmi('200', '90')).toBe('22.5');
    expect(computeBmi(null, 60)).toBeNull();
    expect(computeBmi(0, 60)).toBeNull();
    expect(computeBmi('x', 60)).toBeNull();
  });
});

describe('measurement body', () => {
  const base = { family_member_id: 1, measured_at: '2026-01-01T08:00:00+08:00' };
  it('needs one of the measurements, and a time not in the future', () => {
    expect(healthMeasurementBodySchema.safeParse({ ...base, weight_kg: 60 }).success).toBe(true);
    const none = healthMeasurementBodySchema.safeParse(base);
    expect(none.error?.issues[0].message).toBe('请至少填写一项测量值');
    const future = healthMeasurementBodySchema.safeParse({
      ...base,
      measured_at: new Date(Date.now() + 86_400_000).toISOString(),
      weight_kg: 60,
    });
    expect(future.error?.issues[0].message).toBe('测量时间不能晚于当前时间');
    const bad = healthMeasurementBodySchema.safeParse({ ...base, measured_at: 'yesterday', weight_kg: 60 });
    expect(bad.error?.issues[0].message).toBe('请选择测量时间');
  });
});

describe('list query and reset body', () => {
  it('falls back to the 待审核 tab, refuses reversed dates', () => {
    expect(healthFormListQuerySchema.parse({})).toMatchObject({ status: 'submitted', page: 1, page_size: 20 });
    expect(healthFormListQuerySchema.parse({ status: 'nope' }).status).toBe('submitted');
    expect(healthFormListQuerySchema.safeParse({ date_from: '2026-02-01', date_to: '2026-01-01' }).success).toBe(false);
  });
  it('a reason is required and at most 200 characters', () => {
    expect(healthResetBodySchema.safeParse({ reason: ' 请复测血压 ' }).data).toEqual({ reason: '请复测血压' });
    expect(healthResetBodySchema.safeParse({ reason: '' }).error?.issues[0].message).toBe('请填写驳回原因');
    expect(healthResetBodySchema.safeParse({}).error?.issues[0].message).toBe('请填写驳回原因');
    expect(healthResetBodySchema.safeParse({ reason: 'x'.repeat(201) }).error?.issues[0].message).toBe(
      '驳回原因最多 200 字',
    );
  });
});

describe('describeHealthAnswers', () => {
  it('reads every answer in Chinese, pregnancy only for women', () => {
    const lines = describeHealthAnswers(healthAnswersSchema.parse(good), 'female');
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l.value]));
    expect(byKey).toMatchObject({
      height_cm: '172.0 cm',
      bmi: '23.2',
      blood_pressure: '135/88 mmHg',
      blood_sugar: '6.2 mmol/L',
      smoking: '已戒',
      exercise: '每天',
      chronic_conditions: '高血压、糖尿病',
      allergy: '无',
      pregnancy: '无',
    });
    expect(describeHealthAnswers({}, 'male').some((l) => l.key === 'pregnancy')).toBe(false);
    expect(describeHealthAnswers({}).find((l) => l.key === 'weight_kg')?.value).toBe('-');
  });
});

describe('contracts', () => {
  it('doctor routes are { doctor: true }, patient routes signed in, all registered', () => {
    for (const c of Object.values(healthContracts)) {
      if (c.path.includes('/mine')) expect(c.access).toEqual({ signedIn: true });
      else expect(c.access).toEqual({ doctor: true });
      expect(allContracts()).toContain(c);
    }
  });
});
