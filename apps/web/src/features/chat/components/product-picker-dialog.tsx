import type { ChatMessage } from '@pharmacy/shared';
import { Button, Empty, Input, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { ChatProductCard } from '../../../components/chat';
import { useChatProducts } from '../api/get-chat-products';

type Product = NonNullable<ChatMessage['product']>;

/** 发送商品: the pharmacy's quotes on sale, searched by name; 发送 sends the card. */
export function ProductPickerDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (product: Product) => void;
}) {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useChatProducts(keyword, open);
  return (
    <Modal
      open={open}
      title="发送商品"
      footer={null}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      afterClose={() => {
        setText('');
        setKeyword('');
      }}
    >
      <Input.Search
        placeholder="商品名称"
        aria-label="搜索商品"
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => setKeyword(v.trim())}
        style={{ marginBottom: 12 }}
      />
      <Spin spinning={isFetching}>
        <div style={{ maxHeight: 420, overflowY: 'auto' }}>
          {data && data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有在售的商品" />
          ) : (
            <List
              dataSource={data ?? []}
              rowKey="quote_id"
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <Button
                      key="send"
                      type="primary"
                      size="small"
                      aria-label={`发送商品 ${p.name}`}
                      onClick={() => {
                        onPick(p);
                        onClose();
                      }}
                    >
                      发送
                    </Button>,
                  ]}
                >
                  <ChatProductCard product={p} />
                </List.Item>
              )}
            />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
