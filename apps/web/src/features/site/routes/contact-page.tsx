import { UnderConstruction } from '../../../components/under-construction';

export default function ContactPage() {
  return <UnderConstruction title="联系我们" />;
}
