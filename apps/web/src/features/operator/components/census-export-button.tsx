import { DownloadOutlined } from '@ant-design/icons';
import type { PlatformCensusExportQuery } from '@pharmacy/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { exportPlatformCensus } from '../api/census-export';

/** Downloads the table of the current tab (按日 / 按药店 / 按医生) with its 合计 row, for the range and filters shown. */
export function CensusExportButton({ query, label }: { query: PlatformCensusExportQuery; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await exportPlatformCensus(query);
          toast.success('导出完成');
        } catch {
          // the HTTP layer has shown the server's message
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
