import { Input } from 'antd';
import { useNavigate } from 'react-router';

/** Search by name, generic name, approval number or barcode; goes to the medicine list. */
export function MedicineSearchBox({ defaultValue }: { defaultValue?: string }) {
  const navigate = useNavigate();
  return (
    <Input.Search
      aria-label="搜索药品"
      placeholder="搜索药品名称、通用名、批准文号或条形码"
      enterButton="搜索"
      size="large"
      allowClear
      defaultValue={defaultValue}
      maxLength={50}
      onSearch={(value) => {
        const q = value.trim();
        navigate(q ? `/medicine/list?q=${encodeURIComponent(q)}` : '/medicine/list');
      }}
    />
  );
}
