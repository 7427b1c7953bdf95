import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { LiveDetail, Question } from '@pharmacy/shared';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { useBindLiveQuestions, useLiveExam } from '../api/live-exam';
import { answerLabel, moveItem } from './live-format';
import { QuestionTypeTag, SelectQuestionDialog } from './select-question-dialog';

/**
 * 考试题目: the live's exam in order with its total score; managers add questions from the bank (选择题目), move them
 * up and down and take them out, each change saved at once (bindQuestions with the whole list in order).
 */
export function LiveExamTab({ live, canManage }: { live: LiveDetail; canManage: boolean }) {
  const { data, isFetching } = useLiveExam(live.id);
  const bind = useBindLiveQuestions(live.id);
  const [selecting, setSelecting] = useState(false);
  const questions = data ?? [];
  const ids = questions.map((q) => q.id);
  const total = questions.reduce((s, q) => s + q.score, 0);

  const save = async (next: number[], done?: string) => {
    try {
      await bind.mutateAsync(next);
      if (done) dialogToast.success(done);
    } catch {
      // shown by the HTTP layer; the list is read again
    }
  };

  return (
    <Flex vertical gap={12}>
      {!live.config.exam_enabled ? (
        <Alert type="warning" showIcon title="该直播未开启考试，学员看不到这些题目；可在编辑直播中开启" />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          共 {questions.length} 题，总分 {total} 分，及格分 {live.config.pass_score} 分
          {total > 0 && live.config.pass_score > total ? (
            <Typography.Text type="danger">（及格分高于总分）</Typography.Text>
          ) : null}
        </Typography.Text>
        {canManage ? (
          <Button type="primary" onClick={() => setSelecting(true)}>
            选择题目
          </Button>
        ) : null}
      </Flex>
      <Table<Question & { sort: number }>
        aria-label="考试题目"
        size="small"
        rowKey="id"
        loading={isFetching || bind.isPending}
        dataSource={questions}
        pagination={false}
        locale={{ emptyText: '还没有考试题目' }}
        columns={[
          { key: 'no', title: '序号', width: 60, render: (_, __, i) => i + 1 },
          { key: 'type', title: '题型', width: 80, render: (_, q) => <QuestionTypeTag type={q.type} /> },
          {
            key: 'stem',
            title: '题干',
            render: (_, q) => (
              <Flex vertical gap={2}>
                <Typography.Text>{q.stem}</Typography.Text>
                {q.options.length ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {q.options.map((o) => `${o.key}. ${o.text}`).join('　')}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'answer',
            title: '答案',
            width: 80,
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, q) => answerLabel(q.type, q.answer),
          },
          { key: 'score', title: '分值', width: 60, render: (_, q) => q.score },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  width: 130,
                  render: (_: unknown, q: Question, i: number) => (
                    <Flex>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={`上移第 ${i + 1} 题`}
                        disabled={i === 0 || bind.isPending}
                        onClick={() => void save(moveItem(ids, i, -1))}
                      />
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={`下移第 ${i + 1} 题`}
                        disabled={i === ids.length - 1 || bind.isPending}
                        onClick={() => void save(moveItem(ids, i, 1))}
                      />
                      <ConfirmButton
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`移出第 ${i + 1} 题`}
                        disabled={bind.isPending}
                        title="将该题移出本场考试？（题库中的题目不受影响）"
                        onConfirm={() =>
                          save(
                            ids.filter((id) => id !== q.id),
                            '已移出考试',
                          )
                        }
                      />
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {selecting ? <SelectQuestionDialog liveId={live.id} boundIds={ids} onClose={() => setSelecting(false)} /> : null}
    </Flex>
  );
}
