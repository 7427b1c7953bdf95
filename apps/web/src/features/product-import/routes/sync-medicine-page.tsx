import type { ProductImportMode } from '@pharmacy/shared';
import { Radio, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ImportGuide } from '../../../components/import-guide';
import { RequireAdminPermission } from '../../../components/permission-gate';
import {
  applyImport,
  downloadImportErrors,
  downloadImportTemplate,
  type ProductImportApplyResult,
  previewImport,
} from '../api/product-import';
import { productImportColumns } from '../components/import-columns';

function resultText(r: ProductImportApplyResult) {
  const parts = [`新增 ${r.created} 条`, `更新 ${r.updated} 条`];
  if (r.skipped) parts.push(`跳过 ${r.skipped} 条`);
  return `导入成功：${parts.join('，')}`;
}

function SyncMedicine() {
  const [mode, setMode] = useState<ProductImportMode>('create');
  return (
    <ImportGuide
      // a new mode starts the guide afresh: a file is checked for one mode
      key={mode}
      templateHint="必填：药品名称、通用名、规格、生产厂家、类型；处方药和 OTC 须填写批准文号（国药准字）。"
      downloadTemplate={downloadImportTemplate}
      uploadTitle="2. 选择方式并上传文件"
      beforeUpload={
        <Radio.Group
          aria-label="导入方式"
          optionType="button"
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'create', label: '新增' },
            { value: 'update', label: '更新' },
          ]}
        />
      }
      preview={(file, onProgress) => previewImport({ file, mode }, onProgress)}
      downloadErrors={downloadImportErrors}
      previewColumns={productImportColumns}
      apply={(preview, onlyValid) =>
        applyImport({ upload_id: preview.upload_id, mode: preview.mode, only_valid: onlyValid })
      }
      applyLabel={(preview) => (preview.mode === 'update' ? '确认更新' : '确认导入')}
      resultText={resultText}
      resultAction={<Link to="/medicine/list">在药品列表查看</Link>}
    />
  );
}

/** /website/syncMedicine — 药品上传 (operator, permission `product`). */
export default function SyncMedicinePage() {
  return (
    <section aria-labelledby="sync-medicine-title">
      <Typography.Title id="sync-medicine-title" level={4} style={{ marginTop: 0 }}>
        药品上传
      </Typography.Title>
      <RequireAdminPermission permission="product">
        <SyncMedicine />
      </RequireAdminPermission>
    </section>
  );
}
