import { UnderConstruction } from '../../../components/under-construction';

export default function ServicesPage() {
  return <UnderConstruction title="服务介绍" />;
}
