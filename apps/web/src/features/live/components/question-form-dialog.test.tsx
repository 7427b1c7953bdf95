import { liveQuestionContracts, type Question, type QuestionCategory } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { installDomStubs } from '../../../lib/testing/dom';
import { QuestionAnswerDialog } from './question-answer-dialog';
import { QuestionFormDialog } from './question-form-dialog';
import { afterTypeChange, answerAfterRemove, answerText, categoryTree } from './question-form-rules';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const categories: QuestionCategory[] = [
  { id: 1, parent_id: null, name: '慢病', sort: 0, question_count: 2 },
  { id: 2, parent_id: 1, name: '高血压', sort: 0, question_count: 3 },
];

const question = (extra: Partial<Question> = {}): Question => ({
  id: 9,
  category_id: 2,
  category_name: '高血压',
  type: 'multiple',
  stem: '以下哪些是降压药？',
  options: [
    { key: 'A', text: '氨氯地平' },
    { key: 'B', text: '阿莫西林' },
    { key: 'C', text: '缬沙坦' },
  ],
  answer: ['A', 'C'],
  analysis: '',
  score: 10,
  live_count: 0,
  created_at: '2026-11-24T08:00:00.000Z',
  ...extra,
});

/** Every write answers the body back as the saved question. */
function serve() {
  vi.mocked(callApi).mockImplementation(((_contract: unknown, input?: Record<string, unknown>) =>
    Promise.resolve({ ...question(), ...(input ?? {}) })) as typeof callApi);
}
const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderDialog(node: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

const errorOf = (label: string) => {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
};
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
  });
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  serve();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

describe('question rules', () => {
  it('re-letters the answer when an option is removed', () => {
    expect(answerAfterRemove(['A', 'C', 'D'], 1)).toEqual(['A', 'B', 'C']);
    expect(answerAfterRemove(['B'], 1)).toEqual([]);
    expect(answerAfterRemove(['A', 'B'], 3)).toEqual(['A', 'B']);
  });

  it('switching the type resets what no longer fits', () => {
    const four = Array.from({ length: 4 }, () => ({ text: 'x' }));
    expect(afterTypeChange('judge', four, ['A'])).toEqual({ options: [], answer: [] });
    expect(afterTypeChange('single', [], ['T']).options).toHaveLength(4);
    expect(afterTypeChange('single', [], ['T']).answer).toEqual([]);
    expect(afterTypeChange('single', four, ['A', 'B'])).toEqual({ options: four, answer: [] });
    expect(afterTypeChange('multiple', four, ['B'])).toEqual({ options: four, answer: ['B'] });
  });

  it('shows answers and counts categories with their descendants', () => {
    expect(answerText('judge', ['F'])).toBe('错误');
    expect(answerText('multiple', ['C', 'A'])).toBe('A、C');
    const [root] = categoryTree(categories);
    expect(root.total).toBe(5);
    expect(root.children[0].total).toBe(3);
  });
});

describe('question form dialog', { timeout: 180_000 }, () => {
  it('a single-choice question needs its options filled and one answer', async () => {
    renderDialog(<QuestionFormDialog categories={categories} categoryId={2} onClose={() => undefined} />);
    type('题干', '高血压患者每日食盐摄入应少于？');
    await save();
    await waitFor(() => expect(errorOf('正确答案')).toBe('请设置答案'), WAIT);
    expect(screen.getAllByText('选项内容不能为空').length).toBe(4);
    expect(callsOf(liveQuestionContracts.create)).toEqual([]);

    for (const [k, v] of [
      ['A', '5 克'],
      ['B', '10 克'],
      ['C', '15 克'],
      ['D', '20 克'],
    ])
      type(`选项${k}`, v);
    fireEvent.click(await screen.findByRole('radio', { name: 'A. 5 克' }, WAIT));
    await save();
    await waitFor(() => expect(callsOf(liveQuestionContracts.create)).toHaveLength(1), WAIT);
    expect(callsOf(liveQuestionContracts.create)[0]).toEqual({
      category_id: 2,
      type: 'single',
      stem: '高血压患者每日食盐摄入应少于？',
      options: [
        { key: 'A', text: '5 克' },
        { key: 'B', text: '10 克' },
        { key: 'C', text: '15 克' },
        { key: 'D', text: '20 克' },
      ],
      answer: ['A'],
      analysis: '',
      score: 10,
    });
  });

  it('判断题 has no options and answers 正确 / 错误', async () => {
    renderDialog(<QuestionFormDialog categories={categories} onClose={() => undefined} />);
    fireEvent.click(screen.getByText('判断题'));
    // the options and their 添加选项 button go in one change of the form, but may leave the DOM one render apart
    await waitFor(() => {
      expect(screen.queryByLabelText('选项A')).toBeNull();
      expect(screen.queryByText('添加选项')).toBeNull();
    }, WAIT);
    type('题干', '阿司匹林可以空腹服用。');
    fireEvent.click(screen.getByText('错误'));
    await save();
    await waitFor(() => expect(callsOf(liveQuestionContracts.create)).toHaveLength(1), WAIT);
    expect(callsOf(liveQuestionContracts.create)[0]).toMatchObject({
      type: 'judge',
      options: [],
      answer: ['F'],
      category_id: null,
    });
  });

  it('a multiple-choice question needs two answers; removing an option moves the later keys up', async () => {
    renderDialog(<QuestionFormDialog question={question()} categories={categories} onClose={() => undefined} />);
    await screen.findByDisplayValue('缬沙坦', undefined, WAIT);
    // one answer only: refused by answerFits before anything is sent
    fireEvent.click(screen.getByRole('checkbox', { name: 'C. 缬沙坦' }));
    await save();
    await waitFor(() => expect(errorOf('正确答案')).toBe('答案与题型不符'), WAIT);
    expect(callsOf(liveQuestionContracts.update)).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'C. 缬沙坦' }));
    // removing B (阿莫西林): 缬沙坦 becomes B, and so does its answer
    fireEvent.click(screen.getByRole('button', { name: '删除选项B' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'B. 缬沙坦' })).toBeTruthy(), WAIT);
    expect((screen.getByRole('checkbox', { name: 'B. 缬沙坦' }) as HTMLInputElement).checked).toBe(true);
    // two options left: no more removing
    expect((screen.getByRole('button', { name: '删除选项A' }) as HTMLButtonElement).disabled).toBe(true);
    await save();
    await waitFor(() => expect(callsOf(liveQuestionContracts.update)).toHaveLength(1), WAIT);
    expect(callsOf(liveQuestionContracts.update)[0]).toMatchObject({
      id: 9,
      type: 'multiple',
      options: [
        { key: 'A', text: '氨氯地平' },
        { key: 'B', text: '缬沙坦' },
      ],
      answer: ['A', 'B'],
    });
  });

  it('switching multiple → single clears an answer of two keys', async () => {
    renderDialog(<QuestionFormDialog question={question()} categories={categories} onClose={() => undefined} />);
    await screen.findByDisplayValue('缬沙坦', undefined, WAIT);
    fireEvent.click(screen.getByText('单选题'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'A. 氨氯地平' })).toBeTruthy(), WAIT);
    expect(
      screen
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked)
        .map((r) => r.getAttribute('value')),
    ).toEqual(['single']);
    await save();
    await waitFor(() => expect(errorOf('正确答案')).toBe('请设置答案'), WAIT);
    fireEvent.click(screen.getByRole('radio', { name: 'C. 缬沙坦' }));
    await save();
    await waitFor(() => expect(callsOf(liveQuestionContracts.update)).toHaveLength(1), WAIT);
    expect(callsOf(liveQuestionContracts.update)[0]).toMatchObject({ type: 'single', answer: ['C'] });
  });
});

describe('answer-set dialog', { timeout: 120_000 }, () => {
  it('sends only the answer and the analysis, checked against the question type', async () => {
    renderDialog(<QuestionAnswerDialog question={question()} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'A. 氨氯地平' }, WAIT));
    await save();
    await waitFor(() => expect(errorOf('正确答案')).toBe('答案与题型不符'), WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: 'B. 阿莫西林' }));
    type('答案解析', '阿莫西林是抗生素');
    await save();
    await waitFor(() => expect(callsOf(liveQuestionContracts.setAnswer)).toHaveLength(1), WAIT);
    expect(callsOf(liveQuestionContracts.setAnswer)[0]).toEqual({
      id: 9,
      answer: ['B', 'C'],
      analysis: '阿莫西林是抗生素',
    });
  });
});
