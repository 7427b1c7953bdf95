import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../../lib/feedback';
import type { CallOptions } from '../../../../lib/http';

type Progress = Parameters<NonNullable<CallOptions['onDownloadProgress']>>[0];

/** 1536 → '1.5 KB', 3_400_000 → '3.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * 导出 with progress: the server announces the row count first (X-Total-Count), then the file streams in; the bytes
 * received show beside the button until the file is saved. 取消 stops the download (and the server's reading).
 */
export function ExportProgressButton({
  run,
  noun,
  disabled,
}: {
  run: (onProgress: (p: Progress) => void, signal: AbortSignal) => Promise<unknown>;
  /** what the rows are: 订单, 结算记录 */
  noun: string;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const c = new AbortController();
    controller.current = c;
    setProgress({ bytes: 0, rows: null });
    try {
      await run(setProgress, c.signal);
      toast.success('导出完成，文件已保存');
    } catch {
      // a failure was shown by the HTTP layer; a cancel needs no message
      if (c.signal.aborted) toast.info('已取消导出');
    } finally {
      if (controller.current === c) controller.current = null;
      setProgress(null);
    }
  };

  return (
    <Flex align="center" gap={8} wrap>
      <Button icon={<DownloadOutlined />} loading={progress !== null} disabled={disabled} onClick={start}>
        导出
      </Button>
      {progress ? (
        <>
          <Typography.Text type="secondary" role="status" aria-live="polite" data-testid="export-progress">
            {progress.rows === null
              ? '正在准备导出…'
              : `正在导出 共 ${progress.rows.toLocaleString('zh-CN')} 条${noun}，已接收 ${formatBytes(progress.bytes)}`}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => controller.current?.abort()}>
            取消
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
