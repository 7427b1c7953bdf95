import { Card } from 'antd';
import { Link } from 'react-router';
import { UnderConstruction } from '../../../components/under-construction';

/** Home: the product and the way in; the catalogue blocks (cards, categories, carousel …) come with the catalogue module. */
export default function HomePage() {
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <Card variant="borderless">
        <h1 style={{ fontSize: 28, margin: '0 0 8px' }}>药房平台</h1>
        <p style={{ margin: '0 0 16px', color: 'rgba(0, 0, 0, 0.65)' }}>
          药店、医生、药师与客服人员的运营后台：报价与订单、处方审核、直播课程、会员与消息。
        </p>
        <Link to="/login" className="public-cta">
          登录
        </Link>
      </Card>
      <UnderConstruction
        title="药品与药店推荐"
        description="首页的分类、轮播、热销、医生、公告与报价等区块正在开发，暂无内容。"
      />
    </div>
  );
}
