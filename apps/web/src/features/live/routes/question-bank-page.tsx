import { UnderConstruction } from '../../../components/under-construction';

export default function QuestionBankPage() {
  return <UnderConstruction title="题库管理" />;
}
