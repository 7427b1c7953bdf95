import { UnderConstruction } from '../../../components/under-construction';

export default function SyncMedicinePage() {
  return <UnderConstruction title="药品上传" />;
}
