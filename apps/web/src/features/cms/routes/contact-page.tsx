import { MailOutlined, PhoneOutlined, WechatOutlined } from '@ant-design/icons';
import { Descriptions } from 'antd';
import { Section } from '../../../components/catalogue-blocks/section';
import { useCmsItems } from '../api/get-cms-items';

/** /website/contact — 联系我们, from the `home_contact_us` collection. */
export default function ContactPage() {
  const { data: rows, isLoading, isError } = useCmsItems('home_contact_us');
  return (
    <div className="cat-stack">
      <Section title="联系我们" id="contact-title" loading={isLoading} error={isError} empty={rows?.length === 0}>
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}>
          {rows?.map((c) => (
            <Descriptions
              key={c.id}
              title={c.title}
              bordered
              size="small"
              column={1}
              items={[
                {
                  key: 'phone',
                  label: (
                    <>
                      <PhoneOutlined aria-hidden="true" /> 电话
                    </>
                  ),
                  children: c.phone ? <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a> : '—',
                },
                {
                  key: 'wechat',
                  label: (
                    <>
                      <WechatOutlined aria-hidden="true" /> 微信
                    </>
                  ),
                  children: c.wechat || '—',
                },
                {
                  key: 'email',
                  label: (
                    <>
                      <MailOutlined aria-hidden="true" /> 邮箱
                    </>
                  ),
                  children: c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—',
                },
                { key: 'address', label: '地址', children: c.address || '—' },
                { key: 'time', label: '服务时间', children: c.work_time || '—' },
              ]}
            />
          ))}
        </div>
      </Section>
    </div>
  );
}
