import path from 'node:path';
import type { Writable } from 'node:stream';
import multipart from '@fastify/multipart';
import { shippingContracts as c, SEND_LIST_MAX_ROWS } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StoredTrackingProvider } from '../../lib/courier-tracking';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { SandboxSfExpressProvider } from '../../lib/sf-express';
import {
  asBadFile,
  attachment,
  MAX_IMPORT_BYTES,
  readUploadForm,
  sendSheet,
  UploadStore,
  writeTemplateWorkbook,
} from '../../lib/spreadsheet-import/index';
import { audit } from '../../plugins/audit';
import { ShippingRepository } from './shipping.repository';
import { type ShippingCaller, ShippingService, sendListColumns } from './shipping.service';

const callerOf = (request: FastifyRequest): ShippingCaller => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
});

export const SEND_LIST_TEMPLATE_FILE_NAME = '批量发货模板.xlsx';

/** Writes 批量发货模板.xlsx: 订单号, 运单号, 快递公司 (optional) and a 填写说明 sheet. */
export function writeSendListTemplate(out: Writable): Promise<void> {
  return writeTemplateWorkbook(out, {
    sheetName: '批量发货',
    columns: sendListColumns.map((col) => ({
      key: col.key,
      header: col.required ? `${col.label}*` : `${col.label}（选填）`,
      required: col.required,
      width: col.key === 'courier' ? 18 : 26,
      text: true,
    })),
    rules: [
      ['订单号', '必填，本药房「待发货」状态的订单号；同一订单号在文件中只能出现一次。'],
      ['运单号', '必填，8–30 位字母或数字。'],
      [
        '快递公司',
        '选填，填写快递公司名称或编码（如 顺丰速运、中通快递、SF、ZTO）。不填时按运单号前缀识别：SF 顺丰、YT 圆通、YD 韵达、ZTO 中通、STO/77 申通、EMS/12 EMS、YZ/99 邮政、DBL/DPK 德邦、HT 百世、TT 天天、ZT 中通快运。',
      ],
      ['行数', `第一行为表头，从第二行开始填写；一次最多 ${SEND_LIST_MAX_ROWS} 行。`],
      ['发货', '上传后逐行校验，确认后仅有效行发货，每行单独发货并返回结果。'],
    ],
    examples: [
      ['202611240000001234', 'SF1000000000001', '顺丰速运'],
      ['202611240000001235', 'YT8800000000012', ''],
    ],
    rows: SEND_LIST_MAX_ROWS,
  });
}

/** Shipping: send goods, batch send, SF waybills and labels, tracking events. */
export async function shippingRoutes(app: FastifyInstance, { config, storage }: ModuleContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  }
  // the upload is only read where it arrived (no apply from a stored file: the apply sends the rows it shows)
  const store = new UploadStore(storage, path.join(config.dataDir, 'tmp', 'send-list'), { prefix: 'send-list/' });
  const repo = new ShippingRepository(app.db);
  const sf = new SandboxSfExpressProvider(() => repo.nextWaybillSerial());
  const service = new ShippingService(repo, sf, new StoredTrackingProvider(app.db));

  route(app, c.couriers, async (request) => ok(await service.couriers(request.pharmacyId!)));

  route(app, c.sendGood, async (request) => {
    const shipment = await service.sendGood(callerOf(request), request.params.id, request.body);
    await audit(request, 'order.ship', `order:${shipment.order_id}`, {
      courier_code: shipment.courier_code,
      tracking_no: shipment.tracking_no,
    });
    return ok(shipment, '已发货');
  });

  route(app, c.sfSendGood, async (request) => {
    const shipment = await service.sfSendGood(callerOf(request), request.params.id, request.body);
    await audit(request, 'order.ship.sf', `order:${shipment.order_id}`, { waybill_no: shipment.tracking_no });
    return ok(shipment, `已生成顺丰运单 ${shipment.tracking_no}`);
  });

  const sendPdf = (reply: Parameters<Parameters<typeof route>[2]>[1], pdf: Buffer, fileName: string) =>
    reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(fileName))
      .header('Cache-Control', 'no-store')
      .send(pdf);

  route(app, c.label, async (request, reply) => {
    const { pdf, fileName } = await service.labels(request.pharmacyId!, [request.params.id]);
    return sendPdf(reply, pdf, fileName);
  });

  route(app, c.labels, async (request, reply) => {
    const { pdf, fileName } = await service.labels(request.pharmacyId!, request.query.ids);
    return sendPdf(reply, pdf, fileName);
  });

  route(app, c.sendListTemplate, async (_request, reply) =>
    sendSheet(reply, SEND_LIST_TEMPLATE_FILE_NAME, writeSendListTemplate),
  );

  route(app, c.sendListPreview, async (request) => {
    const received = await readUploadForm(request, store, { maxBytes: 2 * 1024 * 1024 });
    try {
      const preview = await service
        .previewSendList(request.pharmacyId!, received.scratch.path, received.format, received.fileName)
        .catch(asBadFile);
      return ok(preview);
    } finally {
      await received.scratch.dispose();
    }
  });

  route(app, c.sendList, async (request) => {
    const result = await service.applySendList(callerOf(request), request.body);
    await audit(request, 'order.ship.batch', `pharmacy:${request.pharmacyId}`, {
      applied: result.applied,
      failed: result.failed,
    });
    return ok(
      result,
      result.failed ? `已发货 ${result.applied} 单，${result.failed} 单未发货` : `已发货 ${result.applied} 单`,
    );
  });

  route(app, c.logistics, async (request) => ok(await service.logistics(request.pharmacyId!, request.params.id)));

  route(app, c.addTrackingEvent, async (request) => {
    const event = await service.addTrackingEvent(callerOf(request), request.params.id, request.body);
    return ok(event, '已添加物流动态');
  });
}
