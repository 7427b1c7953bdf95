import { ToolOutlined } from '@ant-design/icons';
import { Section } from '../../../../components/catalogue-blocks/section';

/** Doctor list: the platform has no public doctor API yet, so the block says 建设中 rather than inventing doctors. */
export function HomeDoctors() {
  return (
    <Section title="医生团队">
      <p className="cat-muted" style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
        <ToolOutlined aria-hidden="true" />
        <span>建设中 · 医生模块上线后，这里展示平台的执业医生。</span>
      </p>
    </Section>
  );
}
