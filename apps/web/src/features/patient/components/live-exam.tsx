import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  type ExamResult,
  judgeAnswerLabels,
  liveMessages,
  questionTypeLabels,
  type ViewerExam,
} from '@pharmacy/shared';
import { Button, Checkbox, Radio, Spin, Tag } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { useLiveExam, useSubmitLiveExam } from '../api/live-exam';
import { Card } from './bits';

type Question = ViewerExam['questions'][number];

const judgeOptions = (['T', 'F'] as const).map((key) => ({ key, text: judgeAnswerLabels[key] }));
const optionsOf = (q: Question) => (q.type === 'judge' ? judgeOptions : q.options);

/** An answer as the patient reads it: option keys (A, C) or 正确 / 错误. */
function answerText(q: Question | undefined, keys: string[]): string {
  if (keys.length === 0) return '未作答';
  if (q?.type === 'judge') return keys.map((k) => judgeAnswerLabels[k as 'T' | 'F'] ?? k).join('、');
  return [...keys].sort().join('');
}

/** 课后考试: the questions with their options (radio for single choice and 判断, checkboxes for multiple), 提交 once. */
export function LiveExam({ liveId }: { liveId: number }) {
  const exam = useLiveExam(liveId, true);
  if (exam.isLoading) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  if (!exam.data) return null;
  const { open, questions, result } = exam.data;
  if (result) return <ExamResultCard questions={questions} result={result} />;
  if (!open) return null;
  if (questions.length === 0) return null;
  return <ExamForm liveId={liveId} questions={questions} />;
}

function ExamForm({ liveId, questions }: { liveId: number; questions: Question[] }) {
  const submit = useSubmitLiveExam(liveId);
  const [answers, setAnswers] = useState<Record<number, string[]>>({});
  const total = questions.reduce((n, q) => n + q.score, 0);
  const answered = questions.filter((q) => (answers[q.id] ?? []).length > 0).length;
  const set = (id: number, value: string[]) => setAnswers((old) => ({ ...old, [id]: value }));

  const onSubmit = () => {
    if (submit.isPending || submit.isSuccess) return;
    if (answered < questions.length) {
      toast.warning(liveMessages.examIncomplete);
      return;
    }
    submit.mutate(questions.map((q) => ({ question_id: q.id, answer: answers[q.id] ?? [] })));
  };

  return (
    <Card
      title="课后考试"
      extra={
        <span className="patient-muted">
          共 {questions.length} 题 · 满分 {total} 分
        </span>
      }
    >
      {questions.map((q, index) => (
        <fieldset key={q.id} className="live-exam-question" style={{ border: 0, margin: 0, minInlineSize: 0 }}>
          <legend className="live-exam-stem">
            {index + 1}. <Tag variant="filled">{questionTypeLabels[q.type]}</Tag>
            {q.stem}
            <span className="patient-muted">（{q.score} 分）</span>
          </legend>
          {q.type === 'multiple' ? (
            <Checkbox.Group
              className="live-exam-options"
              value={answers[q.id] ?? []}
              onChange={(value) => set(q.id, (value as string[]).slice().sort())}
              options={optionsOf(q).map((o) => ({ value: o.key, label: `${o.key}. ${o.text}` }))}
            />
          ) : (
            <Radio.Group
              className="live-exam-options"
              value={(answers[q.id] ?? [])[0]}
              onChange={(e) => set(q.id, [e.target.value as string])}
              options={optionsOf(q).map((o) => ({
                value: o.key,
                label: q.type === 'judge' ? o.text : `${o.key}. ${o.text}`,
              }))}
            />
          )}
        </fieldset>
      ))}
      <Button
        type="primary"
        block
        size="large"
        style={{ marginTop: 12 }}
        loading={submit.isPending}
        disabled={submit.isSuccess}
        onClick={onSubmit}
      >
        提交（已答 {answered}/{questions.length}）
      </Button>
    </Card>
  );
}

function ExamResultCard({ questions, result }: { questions: Question[]; result: ExamResult }) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return (
    <Card title="考试成绩">
      <div className="live-exam-score">
        <strong className={result.passed ? undefined : 'patient-price'}>{result.score}</strong>
        <span className="patient-muted"> / {result.total_score} 分</span>
        <div style={{ marginTop: 6 }}>
          <Tag color={result.passed ? 'green' : 'red'} variant="filled">
            {result.passed ? '及格' : '未及格'}
          </Tag>
          <span className="patient-muted">
            答对 {result.correct_count}/{result.question_count} 题
          </span>
        </div>
      </div>
      {result.answers.map((a, index) => {
        const q = byId.get(a.question_id);
        return (
          <div key={a.question_id} className="live-exam-question">
            <p className="live-exam-stem">
              {a.correct ? (
                <CheckCircleFilled style={{ color: 'var(--patient-green)', marginRight: 6 }} aria-label="答对" />
              ) : (
                <CloseCircleFilled style={{ color: '#ff4d4f', marginRight: 6 }} aria-label="答错" />
              )}
              {index + 1}. {q?.stem ?? ''}
            </p>
            {q && q.type !== 'judge' ? (
              <ul style={{ margin: '0 0 6px', paddingLeft: 18, fontSize: 13 }}>
                {q.options.map((o) => (
                  <li key={o.key}>
                    {o.key}. {o.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <div style={{ fontSize: 13 }}>
              你的答案：{answerText(q, a.answer)}　正确答案：
              <span style={{ color: 'var(--patient-green)' }}>{answerText(q, a.correct_answer)}</span>
            </div>
            {a.analysis ? <div className="live-exam-analysis">解析：{a.analysis}</div> : null}
          </div>
        );
      })}
    </Card>
  );
}
