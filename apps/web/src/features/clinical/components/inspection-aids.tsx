import { type InspectionDetail, type RecipeWarning, recipeWarningLabels } from '@pharmacy/shared';
import { Alert, Flex, List, Tag, Typography } from 'antd';

const sameFinding = (a: RecipeWarning, b: RecipeWarning) =>
  a.code === b.code && a.items.length === b.items.length && a.items.every((i, k) => b.items[k] === i);

const itemNames = (detail: InspectionDetail, w: RecipeWarning) =>
  w.items
    .map((i) => detail.items[i]?.name)
    .filter(Boolean)
    .join('、');

/**
 * 审方辅助: the aids run again now (an `unavailable` answer says so, never "no warnings"), each with the doctor's
 * override reason given when writing; and the findings of the writing time the aids no longer raise.
 */
export function InspectionAids({ detail }: { detail: InspectionDetail }) {
  const { aids } = detail;
  const written = detail.warnings;
  const reasonFor = (w: RecipeWarning) => written.find((x) => sameFinding(x, w))?.override_reason ?? '';
  const onlyWritten = written.filter((w) => !aids.warnings.some((x) => sameFinding(x, w)));

  return (
    <Flex vertical gap={8}>
      {aids.status === 'unavailable' ? (
        <Alert
          type="warning"
          showIcon
          title="审方辅助检查本次无法运行"
          description={aids.message || '请人工核对过敏史、重复用药与用量。'}
        />
      ) : aids.warnings.length === 0 ? (
        <Alert type="success" showIcon title="审方辅助检查（本次）未发现问题" />
      ) : (
        <Alert type="error" showIcon title={`审方辅助检查（本次）发现 ${aids.warnings.length} 项提示`} />
      )}
      {aids.warnings.length ? (
        <List
          size="small"
          bordered
          aria-label="审方辅助提示"
          dataSource={aids.warnings}
          renderItem={(w) => {
            const reason = reasonFor(w);
            return (
              <List.Item>
                <Flex vertical gap={2}>
                  <span>
                    <Tag color="red">{recipeWarningLabels[w.code]}</Tag>
                    {w.message}
                    {itemNames(detail, w) ? (
                      <Typography.Text type="secondary">（{itemNames(detail, w)}）</Typography.Text>
                    ) : null}
                  </span>
                  <Typography.Text type={reason ? undefined : 'danger'} style={{ fontSize: 12 }}>
                    {reason ? `医生说明：${reason}` : '开方时未提示或医生未说明'}
                  </Typography.Text>
                </Flex>
              </List.Item>
            );
          }}
        />
      ) : null}
      {onlyWritten.length ? (
        <List
          size="small"
          header={<Typography.Text type="secondary">开方时的提示（本次检查未再出现）</Typography.Text>}
          dataSource={onlyWritten}
          renderItem={(w) => (
            <List.Item>
              <Flex vertical gap={2}>
                <span>
                  <Tag>{recipeWarningLabels[w.code]}</Tag>
                  {w.message}
                </span>
                {w.override_reason ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    医生说明：{w.override_reason}
                  </Typography.Text>
                ) : null}
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Flex>
  );
}
