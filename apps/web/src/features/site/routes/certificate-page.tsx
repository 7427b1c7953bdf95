import { UnderConstruction } from '../../../components/under-construction';

export default function CertificatePage() {
  return <UnderConstruction title="资质证书" />;
}
