import { Tabs } from 'antd';
import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { useCategoryTree } from '../../api/get-categories';
import { useCmsItems } from '../../api/get-cms-items';
import { safeLink } from './safe-link';

/** Category: the catalogue's category tree (`category` + `sub_category`) and the symptom entries (`entry_1` by `entry1_category`). */
export function HomeCategories() {
  const { tree, isLoading, isError } = useCategoryTree();
  const groups = useCmsItems('entry1_category');
  const entries = useCmsItems('entry_1');

  const symptomTabs =
    groups.data && entries.data
      ? groups.data
          .map((g) => ({ g, items: entries.data.filter((e) => e.category_id === g.id) }))
          .filter((x) => x.items.length > 0)
      : [];

  return (
    <Section
      title="药品分类"
      extra={<Link to="/medicine/list">全部药品</Link>}
      loading={isLoading}
      error={isError}
      empty={tree?.length === 0}
    >
      <div style={{ display: 'grid', gap: 12 }}>
        {tree?.map((c) => (
          <div key={c.id} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
            <Link to={`/medicine/list?category_id=${c.id}`} style={{ fontWeight: 600, minWidth: 72 }}>
              {c.name}
            </Link>
            {c.children.map((s) => (
              <Link key={s.id} className="cat-chip" to={`/medicine/list?category_id=${s.id}`}>
                {s.name}
              </Link>
            ))}
          </div>
        ))}
      </div>
      {symptomTabs.length > 0 ? (
        <Tabs
          style={{ marginTop: 12 }}
          size="small"
          items={symptomTabs.map(({ g, items }) => ({
            key: String(g.id),
            label: g.name,
            children: (
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                {items.map((e) => (
                  <Link key={e.id} className="cat-chip cat-chip-blue" to={safeLink(e.link)}>
                    {e.title}
                  </Link>
                ))}
              </div>
            ),
          }))}
        />
      ) : null}
    </Section>
  );
}
