import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import type { LiveMaterial } from '@pharmacy/shared';
import { Card } from './bits';
import { fileSize } from './live-bits';

/** 课程资料: the live's files, each a download link. */
export function LiveMaterials({ materials }: { materials: LiveMaterial[] }) {
  if (materials.length === 0) return null;
  return (
    <Card title="课程资料">
      {materials.map((m) => (
        <a
          key={m.id}
          href={m.url}
          download={m.name}
          target="_blank"
          rel="noreferrer"
          className="patient-menu-item"
          aria-label={`下载 ${m.name}`}
        >
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            <FileOutlined aria-hidden="true" style={{ color: 'var(--patient-green)', marginRight: 8 }} />
            {m.name}
            <span className="patient-muted" style={{ marginLeft: 6 }}>
              {fileSize(m.size)}
            </span>
          </span>
          <DownloadOutlined aria-hidden="true" className="patient-muted" />
        </a>
      ))}
    </Card>
  );
}
