import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { type CommentVoteKind, commentAddBodySchema, type MedicineComment, showTotalText } from '@pharmacy/shared';
import { Avatar, Button, Form, Input, List, Rate, Space } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Section } from '../../../components/catalogue-blocks/section';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/get-comments';
import { useVoteComment } from '../api/vote-comment';

const PAGE_SIZE = 10;

function loginHref(path: string) {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

function CommentForm({ productId }: { productId: number }) {
  const [form] = Form.useForm<{ content: string; rating: number }>();
  const add = useAddComment();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ rating: 5, content: '' }}
      onFinish={(values) => {
        const parsed = commentAddBodySchema.safeParse({ product_id: productId, ...values });
        if (!parsed.success) return;
        add.mutate(parsed.data, {
          onSuccess: () => {
            form.resetFields();
            dialogToast.success('评论已发表');
          },
        });
      }}
    >
      <Form.Item name="rating" label="评分">
        <Rate aria-label="评分" />
      </Form.Item>
      <Form.Item
        name="content"
        label="我的评论"
        rules={[
          { required: true, whitespace: true, message: '请输入评论内容' },
          { max: 500, message: '评论最多 500 字' },
        ]}
      >
        <Input.TextArea rows={3} showCount maxLength={500} placeholder="分享您的用药体验" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        发表评论
      </Button>
    </Form>
  );
}

function VoteButtons({ comment, productId }: { comment: MedicineComment; productId: number }) {
  const signedIn = useSessionStore((s) => s.isLoggedIn && s.token !== null);
  const vote = useVoteComment(productId);
  const navigate = useNavigate();
  const location = useLocation();
  // Shown at once; the server's answer replaces it.
  const [optimistic, setOptimistic] = useState<Pick<
    MedicineComment,
    'my_vote' | 'support_count' | 'objection_count'
  > | null>(null);
  const shown = optimistic ?? comment;

  const cast = (kind: CommentVoteKind) => {
    if (!signedIn) {
      navigate(loginHref(`${location.pathname}${location.search}`));
      return;
    }
    const next = shown.my_vote === kind ? null : kind;
    vote.mutate(
      { id: comment.id, kind: next },
      {
        onSuccess: (r) =>
          setOptimistic({ my_vote: r.my_vote, support_count: r.support_count, objection_count: r.objection_count }),
        onError: (e) => {
          setOptimistic(null);
          if (isApiError(e)) return;
          dialogToast.error('操作失败，请稍后再试');
        },
      },
    );
  };

  return (
    <Space size={4}>
      <Button
        size="small"
        type={shown.my_vote === 'support' ? 'primary' : 'default'}
        icon={shown.my_vote === 'support' ? <LikeFilled /> : <LikeOutlined />}
        aria-pressed={shown.my_vote === 'support'}
        loading={vote.isPending && vote.variables?.kind !== 'objection'}
        onClick={() => cast('support')}
      >
        {shown.my_vote === 'support' ? '已支持' : '支持'} {shown.support_count}
      </Button>
      <Button
        size="small"
        type={shown.my_vote === 'objection' ? 'primary' : 'default'}
        danger={shown.my_vote === 'objection'}
        icon={shown.my_vote === 'objection' ? <DislikeFilled /> : <DislikeOutlined />}
        aria-pressed={shown.my_vote === 'objection'}
        onClick={() => cast('objection')}
      >
        {shown.my_vote === 'objection' ? '已反对' : '反对'} {shown.objection_count}
      </Button>
    </Space>
  );
}

/** Comments with 支持/反对 votes (one per account; pressing the chosen one again withdraws it) and the comment form. */
export function MedicineComments({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useComments({ product_id: productId, page, page_size: PAGE_SIZE });
  const signedIn = useSessionStore((s) => s.isLoggedIn && s.token !== null);
  const location = useLocation();

  return (
    <Section
      id="medicine-comments"
      title={`用户评论${data ? `（${data.total}）` : ''}`}
      loading={isLoading}
      error={isError}
    >
      <List<MedicineComment>
        aria-label="评论列表"
        dataSource={data?.list}
        locale={{ emptyText: '暂无数据' }}
        pagination={
          data && data.total > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showTotal: showTotalText }
            : false
        }
        renderItem={(c) => (
          <List.Item key={c.id} actions={[<VoteButtons key="vote" comment={c} productId={productId} />]}>
            <List.Item.Meta
              avatar={<Avatar src={c.head_img_url || undefined}>{c.author_name.slice(0, 1)}</Avatar>}
              title={
                <Space wrap size={8}>
                  <span>{c.author_name}</span>
                  <Rate disabled value={c.rating} style={{ fontSize: 12 }} />
                  <span className="cat-muted" style={{ fontSize: 12, fontWeight: 'normal' }}>
                    {formatDateTime(c.created_at)}
                  </span>
                </Space>
              }
              description={<span style={{ color: 'rgba(0,0,0,0.85)', whiteSpace: 'pre-wrap' }}>{c.content}</span>}
            />
          </List.Item>
        )}
      />
      <div style={{ marginTop: 16 }}>
        {signedIn ? (
          <CommentForm productId={productId} />
        ) : (
          <Link to={loginHref(`${location.pathname}${location.search}`)}>登录后评论</Link>
        )}
      </div>
    </Section>
  );
}
