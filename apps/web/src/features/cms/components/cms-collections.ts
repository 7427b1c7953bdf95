/** The content collections the operator edits (domain.md "Content"); product, category and quote are the catalogue's own tables. */
export const cmsCollections = [
  'home_swiper',
  'home_entry',
  'top_sales',
  'entry_1',
  'entry1_category',
  'entry_2',
  'home_contact_us',
  'express_company',
  'allergy_history',
  'family_medical_history',
  'past_medical_history',
] as const;
export type CmsCollection = (typeof cmsCollections)[number];

export const cmsCollectionLabels: Record<CmsCollection, string> = {
  home_swiper: '首页轮播图',
  home_entry: '首页快捷入口',
  top_sales: '热销好药',
  entry_1: '按症找药入口',
  entry1_category: '按症找药分组',
  entry_2: '专题推荐',
  home_contact_us: '联系我们',
  express_company: '快递公司',
  allergy_history: '过敏史选项',
  family_medical_history: '家族病史选项',
  past_medical_history: '既往病史选项',
};

/** Chinese labels of the fields the collections use; an unknown field shows its own name. */
export const cmsFieldLabels: Record<string, string> = {
  id: '编号',
  title: '标题',
  subtitle: '副标题',
  name: '名称',
  image: '图片',
  icon: '图标',
  link: '链接',
  sort: '排序',
  status: '状态',
  phone: '电话',
  wechat: '微信',
  email: '邮箱',
  address: '地址',
  work_time: '服务时间',
  code: '编码',
  product_id: '药品编号',
  category_id: '分组编号',
  created_at: '创建时间',
  updated_at: '更新时间',
};

export const cmsStatusLabels: Record<string, string> = { published: '已发布', draft: '草稿', archived: '已归档' };
