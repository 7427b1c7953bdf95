import { cleanup, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs } from '../../lib/testing/dom';
import { healthMeasureColumns } from './health-form-columns';

beforeAll(installDomStubs);
afterEach(cleanup);

type Row = {
  id: number;
  systolic: number | null;
  diastolic: number | null;
  blood_sugar: string | null;
  bmi: string | null;
  status: 'submitted' | 'approved' | 'rejected';
  reject_reason: string;
};

const row = (r: Partial<Row> & { id: number }): Row => ({
  systolic: 118,
  diastolic: 76,
  blood_sugar: '5.4',
  bmi: '22.1',
  status: 'submitted',
  reject_reason: '',
  ...r,
});

const red = (text: string) => (screen.getByText(text).closest('span') as HTMLElement).style.color !== '';

describe('healthMeasureColumns', () => {
  it('reads 140/90 and fasting sugar 7.0 or more in red, normal figures plain, missing ones as -', () => {
    render(
      <Table
        rowKey="id"
        pagination={false}
        columns={healthMeasureColumns<Row>()}
        dataSource={[
          row({ id: 1 }),
          row({ id: 2, systolic: 140, diastolic: 85, blood_sugar: '7.0' }),
          row({ id: 3, systolic: 130, diastolic: 90, blood_sugar: '6.9' }),
          row({ id: 4, systolic: null, diastolic: null, blood_sugar: null, bmi: null }),
        ]}
      />,
    );
    expect(red('118/76')).toBe(false);
    expect(red('5.4')).toBe(false);
    expect(red('140/85')).toBe(true);
    expect(red('7.0')).toBe(true);
    expect(red('130/90')).toBe(true);
    expect(red('6.9')).toBe(false);
    expect(screen.getAllByText('-')).toHaveLength(3);
  });

  it('shows the status tag, and a rejected form’s reason under it', () => {
    render(
      <Table
        rowKey="id"
        pagination={false}
        columns={healthMeasureColumns<Row>()}
        dataSource={[
          row({ id: 1, status: 'approved' }),
          row({ id: 2, status: 'rejected', reject_reason: '血压数据不完整' }),
        ]}
      />,
    );
    expect(screen.getByText('血压数据不完整')).toBeTruthy();
    expect(screen.getByText('审核通过')).toBeTruthy();
    // a rejected form's tag reads as its tab does, not the patient-facing 已驳回（待重新填写）
    expect(screen.getByText('已驳回')).toBeTruthy();
  });
});
