import {
  RECIPE_OVERRIDE_REASON_MIN,
  type RecipeCheckResult,
  type RecipeWarningCode,
  recipeWarningLabels,
} from '@pharmacy/shared';
import { Alert, Flex, Input, List, Spin, Tag, Typography } from 'antd';

export interface RecipeWarningsProps {
  /** The latest answer of the aids (undefined: not asked yet). */
  result: RecipeCheckResult | undefined;
  /** The check call itself failed (network, server): the checks could not run. */
  failed: boolean;
  checking: boolean;
  /** Nothing complete enough to check yet. */
  idle: boolean;
  /** Line numbers (0-based in the checked lines) → the line as the doctor sees it (1-based in the table). */
  lineOf: (index: number) => number;
  reasons: Partial<Record<RecipeWarningCode, string>>;
  onReason: (code: RecipeWarningCode, reason: string) => void;
}

/** Warnings a reason cannot override: the write refuses them until the prescription is changed. */
const mustFix: Partial<Record<RecipeWarningCode, string>> = {
  duplicate_generic: '同一通用名不能重复开具，请删除或合并为一行',
  child_weight: '请在患者信息中填写体重',
};

/**
 * 用药检查: the inspection aids' warnings as the doctor types, each with its reason and an input for why the doctor
 * writes it anyway. When the checks could not run the panel says so — never "no warnings".
 */
export function RecipeWarnings({ result, failed, checking, idle, lineOf, reasons, onReason }: RecipeWarningsProps) {
  if (idle) {
    return (
      <Alert type="info" showIcon title="用药检查：填写完整的药品行后自动检查过敏史、重复用药、数量、儿童体重与天数" />
    );
  }
  if (failed || result?.status === 'unavailable') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title="用药检查暂时无法完成，本次未能核对过敏史、重复用药与用量"
        description={result?.message || '请稍后重试，或人工核对后再开具。'}
      />
    );
  }
  if (!result) return <Spin size="small" aria-label="正在检查" />;
  if (result.warnings.length === 0) {
    return <Alert type="success" showIcon title={checking ? '正在检查…' : '用药检查未发现问题'} />;
  }
  return (
    <Flex vertical gap={8}>
      <Alert
        type="error"
        showIcon
        title={`用药检查发现 ${result.warnings.length} 项提示：请修改处方，或逐项填写继续开具的理由（至少 ${RECIPE_OVERRIDE_REASON_MIN} 个字）`}
      />
      <List
        size="small"
        bordered
        aria-label="用药检查提示"
        dataSource={result.warnings}
        renderItem={(w) => {
          const reason = reasons[w.code] ?? '';
          const short = reason.trim().length < RECIPE_OVERRIDE_REASON_MIN;
          return (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <span>
                  <Tag color="red">{recipeWarningLabels[w.code]}</Tag>
                  {w.message}
                </span>
                {mustFix[w.code] ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {mustFix[w.code]}（涉及第 {w.items.map((i) => lineOf(i)).join('、')} 行）
                  </Typography.Text>
                ) : (
                  <Input
                    aria-label={`${recipeWarningLabels[w.code]}的理由`}
                    placeholder="继续开具的理由（如：已确认皮试阴性、慢性病长期用药）"
                    maxLength={200}
                    status={short ? 'warning' : undefined}
                    value={reason}
                    onChange={(e) => onReason(w.code, e.target.value)}
                  />
                )}
              </Flex>
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}
