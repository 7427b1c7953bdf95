import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { useHotMedicines } from '../../api/get-hot-medicines';
import { MedicineCard } from '../medicine-card';

/** Quote block: the best sellers of all time with their lowest quoted price and how many pharmacies quote them. */
export function HomeQuoteBlock() {
  const { data, isLoading, isError } = useHotMedicines('all', 8);
  return (
    <Section
      title="多店比价"
      extra={<Link to="/medicine/list?sort=price_asc">按价格查看</Link>}
      loading={isLoading}
      error={isError}
      empty={data?.length === 0}
    >
      <div className="cat-grid">
        {data?.map((m) => (
          <MedicineCard key={m.id} item={m} note={`${m.pharmacy_count} 家药房报价`} />
        ))}
      </div>
    </Section>
  );
}
