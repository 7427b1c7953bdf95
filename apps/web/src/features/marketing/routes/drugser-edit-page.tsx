import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useDrugser } from '../api/drugser-queries';
import { DrugserHistoryTags, genderAge } from '../components/drugser-bits';
import { DrugserEditForm } from '../components/drugser-edit-form';
import { DrugserRecipes } from '../components/drugser-recipes';
import { useMarketingScope } from '../components/member-data-scope';

const idOf = (text: string | null) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * /marketManage/drugser/edit?id= — one medication user: the pharmacy's staff edit name, relation, phone, ID number
 * and histories; the operator reads. Both see the member's prescriptions.
 */
export default function DrugserEditPage() {
  const scope = useMarketingScope();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const member = useDrugser(scope, id);
  const back = (
    <Link to="/marketManage/drugser">
      <Button>返回用药人列表</Button>
    </Link>
  );

  if (id === null) return <Result status="404" title="用药人不存在" subTitle="链接缺少用药人编号。" extra={back} />;
  if (member.isError && !member.data) {
    return <Result status="404" title="用药人不存在" subTitle={member.error.message} extra={back} />;
  }
  const m = member.data;
  return (
    <section aria-labelledby="drugser-edit-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Space align="center" style={{ justifyContent: 'space-between' }}>
        <Typography.Title id="drugser-edit-title" level={4} style={{ margin: 0 }}>
          {scope === 'admin' ? '用药人详情' : '编辑用药人'}
          {m ? `：${m.name}` : ''}
        </Typography.Title>
        {back}
      </Space>
      {!m ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Card size="small" title="基本信息">
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label="所属客户">
                {m.customer_name || '未填写'}（{m.customer_phone}）
              </Descriptions.Item>
              <Descriptions.Item label="与客户的关系">{m.relation_label}</Descriptions.Item>
              <Descriptions.Item label="性别 / 年龄">{genderAge(m)}</Descriptions.Item>
              <Descriptions.Item label="身份证号">{m.id_number || '-'}</Descriptions.Item>
              <Descriptions.Item label="手机号">{m.phone || '-'}</Descriptions.Item>
              <Descriptions.Item label="添加时间">{formatDateTime(m.created_at)}</Descriptions.Item>
              <Descriptions.Item label="病史" span="filled">
                <DrugserHistoryTags member={m} />
              </Descriptions.Item>
            </Descriptions>
          </Card>
          {scope === 'pharmacy' ? (
            <Card size="small" title="编辑资料">
              <DrugserEditForm key={JSON.stringify(m)} member={m} />
            </Card>
          ) : (
            <Alert type="info" showIcon message="平台运营只可查看用药人资料，修改请由所属药店处理。" />
          )}
          <Card size="small" title={`处方记录（${m.recipe_count} 张）`}>
            <DrugserRecipes scope={scope} id={m.id} />
          </Card>
        </>
      )}
    </section>
  );
}
