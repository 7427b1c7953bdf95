import type { RecipeCheckResult } from '@pharmacy/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../../lib/testing/dom';
import { RecipeWarnings, type RecipeWarningsProps } from './recipe-warnings';
import { doseUnitFromSpec } from './recipe-write-dialog';

beforeAll(installDomStubs);
afterEach(cleanup);

const show = (over: Partial<RecipeWarningsProps>) =>
  render(
    <RecipeWarnings
      result={undefined}
      failed={false}
      checking={false}
      idle={false}
      lineOf={(i) => i + 1}
      reasons={{}}
      onReason={() => undefined}
      {...over}
    />,
  );

const warned: RecipeCheckResult = {
  status: 'ok',
  message: '',
  warnings: [
    { code: 'allergy', items: [1], message: '第2行「阿莫西林胶囊」与患者过敏史「青霉素」冲突', override_reason: '' },
    { code: 'duplicate_generic', items: [0, 1], message: '第1、2行通用名均为「阿莫西林胶囊」', override_reason: '' },
  ],
};

describe('RecipeWarnings', () => {
  it('says the checks could not run when the aids answer unavailable, never "no warnings"', () => {
    show({ result: { status: 'unavailable', warnings: [], message: '用药检查暂时无法完成：药品信息读取失败' } });
    expect(screen.getByRole('alert').textContent).toContain('用药检查暂时无法完成');
    expect(screen.queryByText('用药检查未发现问题')).toBeNull();
  });

  it('says so too when the check call itself failed', () => {
    show({ failed: true, result: { status: 'ok', warnings: [], message: '' } });
    expect(screen.getByRole('alert').textContent).toContain('本次未能核对');
    expect(screen.queryByText('用药检查未发现问题')).toBeNull();
  });

  it('shows "no warnings" only for an ok answer without warnings', () => {
    show({ result: { status: 'ok', warnings: [], message: '' } });
    expect(screen.getByText('用药检查未发现问题')).toBeTruthy();
  });

  it('lists each warning with its reason and an override input; a duplicate generic says what to change', () => {
    const onReason = vi.fn();
    show({ result: warned, onReason });
    expect(screen.getByText(/与患者过敏史「青霉素」冲突/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('过敏史冲突的理由'), { target: { value: '皮试阴性' } });
    expect(onReason).toHaveBeenCalledWith('allergy', '皮试阴性');
    expect(screen.queryByLabelText('同一通用名重复的理由')).toBeNull();
    expect(screen.getByText(/同一通用名不能重复开具/)).toBeTruthy();
  });
});

describe('doseUnitFromSpec', () => {
  it.each([
    ['0.25g*24粒/盒', '粒'],
    ['0.5g*20片/盒', '片'],
    ['10ml*10支/盒', '支'],
    ['200ml/瓶', 'ml'],
    ['10g*20袋/包', '袋'],
    ['适量', '片'],
  ])('%s → %s', (spec, unit) => {
    expect(doseUnitFromSpec(spec)).toBe(unit);
  });
});
