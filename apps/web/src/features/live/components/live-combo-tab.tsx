import type { LiveDetail } from '@pharmacy/shared';
import { Alert, Button, Card, Descriptions, Empty, Flex, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useLiveComboOptions } from '../api/live-combos';
import { useLiveQuoteSet } from '../api/live-flow';

/**
 * 套餐: the combo viewers see with a 立即购买 button, and whether it is pinned over the player (置顶). Managers pick
 * one of the pharmacy's combos, change the pin, or unbind it.
 */
export function LiveComboTab({ live, canManage }: { live: LiveDetail; canManage: boolean }) {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const options = useLiveComboOptions(keyword, canManage);
  const quoteSet = useLiveQuoteSet();
  const combo = live.quote_set;

  const set = async (quoteSetId: number | null, pinned: boolean, done: string) => {
    try {
      await quoteSet.mutateAsync({ id: live.id, quote_set_id: quoteSetId, pinned });
      dialogToast.success(done);
      setChosen(null);
    } catch {
      // shown by the HTTP layer (套餐不存在 …)
    }
  };

  const comboOptions = (options.data?.list ?? []).map((c) => ({
    value: c.id,
    label: `${c.name}（¥${c.price}）${c.status === 'off_sale' ? ' · 已下架' : ''}`,
  }));
  const noComboAccess = isApiError(options.error) && options.error.httpCode === 403;

  return (
    <Flex vertical gap={16}>
      {combo ? (
        <Card
          size="small"
          title={
            <Flex gap={8} align="center">
              <span>{combo.name}</span>
              {combo.status === 'off_sale' ? (
                <Tag color="default" variant="filled">
                  已下架
                </Tag>
              ) : (
                <Tag color="success" variant="filled">
                  在售
                </Tag>
              )}
              {live.combo_pinned ? <Tag color="gold">置顶</Tag> : null}
            </Flex>
          }
          extra={
            <Typography.Text strong style={{ color: '#cf1322' }}>
              ¥{combo.price}
            </Typography.Text>
          }
        >
          <Descriptions
            size="small"
            column={1}
            items={combo.items.map((item, i) => ({
              key: String(i),
              label: item.name,
              children: `${item.spec || '-'} × ${item.qty}`,
            }))}
          />
          {combo.status === 'off_sale' ? (
            <Alert type="warning" showIcon style={{ marginTop: 8 }} title="套餐已下架，学员将无法购买" />
          ) : null}
          {canManage ? (
            <Flex gap={16} align="center" style={{ marginTop: 12 }}>
              <Flex gap={8} align="center">
                <Switch
                  aria-label="置顶显示套餐"
                  checked={live.combo_pinned}
                  loading={quoteSet.isPending}
                  onChange={(pinned) => void set(combo.id, pinned, pinned ? '套餐已置顶' : '已取消置顶')}
                />
                <span>置顶显示（学员观看页顶部常驻）</span>
              </Flex>
              <ConfirmButton
                danger
                title="解绑后学员将看不到该套餐，确定解绑？"
                onConfirm={() => set(null, false, '套餐已解绑')}
              >
                解绑
              </ConfirmButton>
            </Flex>
          ) : null}
        </Card>
      ) : (
        <Empty description="未绑定套餐" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {canManage ? (
        <Card size="small" title={combo ? '更换套餐' : '绑定套餐'}>
          {noComboAccess ? (
            <Alert type="info" showIcon title="您没有套餐管理权限，无法选择套餐" />
          ) : (
            <Flex gap={8} wrap>
              <Select<number>
                aria-label="选择套餐"
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder="搜索套餐名称或商品"
                loading={options.isFetching}
                options={comboOptions}
                value={chosen ?? undefined}
                onChange={setChosen}
                notFoundContent={options.isFetching ? '加载中…' : '没有套餐，请先在「套餐管理」中创建'}
                style={{ width: 360 }}
              />
              <Button
                type="primary"
                disabled={chosen === null || chosen === combo?.id}
                loading={quoteSet.isPending}
                onClick={() => chosen !== null && void set(chosen, live.combo_pinned, '套餐已绑定')}
              >
                {combo ? '更换' : '绑定'}
              </Button>
            </Flex>
          )}
        </Card>
      ) : null}
    </Flex>
  );
}
