import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { demoBoxPhotoUrl } from '../clinical-images';
import { int, pick, type Rand } from '../random';
import type { OperatorSeedContext, Tx } from './context';
import { complaintOperator } from './permissions';

type Kind = 'order' | 'pharmacy' | 'doctor' | 'live';
type Status = 'pending' | 'processed' | 'rejected';

const DEMO_PATIENT = '13900000001';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Target {
  id: number;
  label: string;
  pharmacy_id: number | null;
  /** a product of the order, for a photo of its box */
  product_id: number | null;
  /** when the patient met the target: the order placed, the last order there, the last prescription, last watched */
  at: Date | string;
}

/** What each kind of complaint says, with the result an operator gave when processing it. */
const texts: Record<Kind, { category: string; content: string; result: string; reason: string }[]> = {
  order: [
    {
      category: '发货慢',
      content: '付款三天了还没有发货，联系药店客服也没人回复，家里老人等着吃药，请平台督促尽快发货。',
      result: '已联系药店核实，因仓库盘点延迟发货，药店已于当日发出并致歉，物流单号已同步到订单。',
      reason: '经核实订单已按药店承诺时效发出，物流信息可在订单详情中查看。',
    },
    {
      category: '药品质量问题',
      content: '收到的药品外包装有明显挤压破损，铝箔板有两粒药片碎裂，担心影响药效，希望换货。',
      result: '已核实照片，药店同意补发一盒并承担运费，补发订单将在 48 小时内发出。',
      reason: '照片中的破损为外盒轻微压痕，药板完好，不影响使用；如仍有疑问可联系药店客服。',
    },
    {
      category: '药品与描述不符',
      content: '下单的是 24 片装，收到的是 12 片装，价格却按大包装收的，请核实。',
      result: '药店确认发错规格，已退还差价并补发 12 片，向您致歉。',
      reason: '订单中所购规格即为 12 片装，页面描述与实物一致。',
    },
    {
      category: '退款问题',
      content: '申请取消部分商品后，退款一直没有到账，已经超过 5 个工作日了。',
      result: '已督促药店完成退款，款项已原路退回，请注意查收。',
      reason: '退款已于申请次日原路退回，银行入账可能有延迟，请查看银行流水。',
    },
  ],
  pharmacy: [
    {
      category: '服务态度差',
      content: '在线咨询用药问题时客服回复很敷衍，问了两遍都答非所问，希望药店改进服务。',
      result: '已约谈药店负责人，对相关客服进行了服务培训，药店已通过在线咨询向您致歉。',
      reason: '查看咨询记录，客服已按说明书给出用药建议并建议您线下就医，未发现不当言行。',
    },
    {
      category: '价格问题',
      content: '同一款药昨天还是 28 元，今天下单变成 35 元，怀疑先涨价再打折，请平台查一下。',
      result: '已核实药店调价记录，药店已恢复原价并为您退还差价。',
      reason: '该药品因供货价上调正常调价，调价前已在商品页公示，不存在虚假折扣。',
    },
    {
      category: '虚假宣传',
      content: '药店首页写着“满 99 包邮”，结算时却仍然收了运费，感觉被误导了。',
      result: '经核实为药店运费设置未及时更新，药店已修正包邮门槛并退还运费。',
      reason: '包邮门槛按商品金额计算，您的订单商品金额未满 99 元（优惠后），运费收取无误。',
    },
    {
      category: '资质问题',
      content: '想确认这家药店有没有处方药经营资质，页面上找不到许可证信息。',
      result: '已要求药店在店铺详情页公示药品经营许可证，平台已核验其资质齐全有效。',
      reason: '该药店的药品经营许可证已在店铺详情页公示，平台已核验有效。',
    },
  ],
  doctor: [
    {
      category: '回复不及时',
      content: '提交复诊续方申请后等了一整天医生才处理，希望能缩短等待时间。',
      result: '已反馈医生团队，高峰时段增加在线医生排班，续方申请将在 2 小时内处理。',
      reason: '申请提交于夜间非接诊时段，医生在次日接诊后第一时间处理，符合平台时效要求。',
    },
    {
      category: '处方问题',
      content: '医生开的处方剂量和我平时在医院开的不一样，没有任何说明，请核实是否有误。',
      result: '已请医生复核处方，剂量调整系根据您最新的血压记录作出，医生已补充用药说明。',
      reason: '处方剂量符合诊疗规范，并经药师审核通过；如有疑问可发起复诊咨询。',
    },
  ],
  live: [
    {
      category: '推销过度',
      content: '健康讲座直播里一半时间都在推销保健品组合，和课程主题关系不大。',
      result: '已提醒药店直播内容以健康科普为主，商品推荐时长不得超过课程的三分之一。',
      reason: '直播中推荐的组合与课程主题相关，时长在平台规定范围内。',
    },
    {
      category: '虚假宣传',
      content: '讲师说某款保健品可以替代降压药，这种说法很误导老年人，请平台处理。',
      result: '已核实回放，相关说法不当，药店已删除该段回放并在下期直播中更正说明。',
      reason: '回放中讲师明确说明保健品不能替代药物治疗，未发现所述内容。',
    },
  ],
};

async function targetsOf(tx: Tx, accountId: number, kind: Kind): Promise<Target[]> {
  const query = {
    order: sql`select o.id, o.order_no as label, o.pharmacy_id, o.created_at as at,
        (select i.product_id from order_item i join product p on p.id = i.product_id
          where i.order_id = o.id and p.type in ('RX', 'OTC') order by i.id limit 1) as product_id
      from orders o where o.account_id = ${accountId} and o.deleted_at is null
        and o.status in ('shipped', 'completed') order by o.id desc limit 10`,
    pharmacy: sql`select p.id, p.name as label, p.id as pharmacy_id, null::int as product_id,
        min(o.created_at) as at
      from orders o join pharmacy p on p.id = o.pharmacy_id
      where o.account_id = ${accountId} and o.deleted_at is null group by p.id order by p.id`,
    doctor: sql`select d.id, a.name as label, null::int as pharmacy_id, null::int as product_id,
        max(rc.created_at) as at
      from recipe rc join doctor d on d.id = rc.doctor_id join account a on a.id = d.account_id
      where rc.account_id = ${accountId} group by d.id, a.name order by d.id`,
    live: sql`select l.id, l.title as label, l.pharmacy_id, null::int as product_id,
        max(w.last_beat_at) as at
      from live_watch w join live l on l.id = w.live_id
      where w.account_id = ${accountId} group by l.id order by l.id`,
  }[kind];
  return (await queryRows<Target>(tx, query)).rows;
}

interface Patient {
  id: number;
  phone: string;
}

interface Plan {
  patient: Patient;
  kind: Kind;
  status: Status;
}

/**
 * Complaints in every state about real demo rows: each complainant complains only about their own orders, the
 * pharmacies they ordered from, the doctors of their prescriptions and the lives they watched. The demo patient has
 * a processed and a pending one (and one rejected); a decided complaint's message is in the complainant's inbox.
 */
export async function seedOperatorReports(ctx: OperatorSeedContext): Promise<void> {
  const { tx } = ctx;
  const r: Rand = ctx.random(2);
  const { rows: patients } = await queryRows<Patient>(
    tx,
    sql`select a.id, a.phone from account a
      where exists (select 1 from orders o where o.account_id = a.id)
        and not exists (select 1 from admin_profile x where x.account_id = a.id)
        and not exists (select 1 from pharmacy_member m where m.account_id = a.id)
        and not exists (select 1 from doctor d where d.account_id = a.id)
      order by (a.phone = ${DEMO_PATIENT}) desc, a.id limit 14`,
  );
  const { rows: handlers } = await queryRows<{ id: number }>(
    tx,
    sql`select id from account where phone in ('13800000007', ${complaintOperator.phone}) order by phone`,
  );
  if (!patients.length || !handlers.length) return;

  const plans: Plan[] = [];
  const demo = patients.find((p) => p.phone === DEMO_PATIENT);
  if (demo) {
    plans.push(
      { patient: demo, kind: 'order', status: 'processed' },
      { patient: demo, kind: 'pharmacy', status: 'pending' },
      { patient: demo, kind: 'live', status: 'pending' },
      { patient: demo, kind: 'doctor', status: 'rejected' },
    );
  }
  const kinds: Kind[] = ['order', 'pharmacy', 'doctor', 'live', 'order', 'pharmacy'];
  const statuses: Status[] = ['pending', 'processed', 'rejected', 'pending', 'processed'];
  let n = 0;
  for (const patient of patients) {
    if (patient === demo) continue;
    for (let k = 0; k < 2; k++, n++) {
      plans.push({ patient, kind: kinds[n % kinds.length], status: statuses[n % statuses.length] });
    }
  }

  const used = new Set<string>();
  let seq = 0;
  for (const plan of plans) {
    // a kind the patient has nothing of falls back to their orders
    let kind = plan.kind;
    let targets = await targetsOf(tx, plan.patient.id, kind);
    if (!targets.length) {
      kind = 'order';
      targets = await targetsOf(tx, plan.patient.id, kind);
    }
    const fresh = targets.filter((t) => !used.has(`${plan.patient.id}:${kind}:${t.id}`));
    if (!fresh.length) continue;
    const target = pick(r, fresh);
    used.add(`${plan.patient.id}:${kind}:${target.id}`);
    // orders complained about were shipped (slow, damaged, wrong), so every result can say what happened
    const text = texts[kind][seq++ % texts[kind].length];
    const images =
      kind === 'order' && text.category !== '发货慢' && target.product_id !== null
        ? [demoBoxPhotoUrl(target.product_id), demoBoxPhotoUrl(target.product_id, 'back')]
        : [];
    // after the patient met the target, before now; decided within two days, never after now
    const met = new Date(target.at).getTime();
    const span = Math.max(HOUR, ctx.now - met);
    const createdAt = new Date(met + Math.min(span * (0.2 + 0.5 * r()), int(r, 1, 10) * DAY));
    const decided = plan.status !== 'pending';
    const handledAt = decided
      ? new Date(createdAt.getTime() + Math.min(int(r, 2, 40) * HOUR, (ctx.now - createdAt.getTime()) * 0.8))
      : null;
    const handler = decided ? pick(r, handlers).id : null;
    const result = plan.status === 'processed' ? text.result : plan.status === 'rejected' ? text.reason : '';
    await tx.execute(sql`
      insert into report (reporter_account_id, target_kind, target_id, pharmacy_id, category, content, images,
        contact_phone, status, handler_account_id, result, handled_at, created_at, updated_at)
      values (${plan.patient.id}, ${kind}, ${target.id}, ${target.pharmacy_id}, ${text.category}, ${text.content},
        ${
          images.length
            ? sql`array[${sql.join(
                images.map((i) => sql`${i}`),
                sql`, `,
              )}]::text[]`
            : sql`'{}'::text[]`
        },
        ${plan.patient.phone}, ${plan.status}, ${handler}, ${result}, ${handledAt?.toISOString() ?? null},
        ${createdAt.toISOString()}, ${(handledAt ?? createdAt).toISOString()})`);
    if (handledAt) {
      const about = `${{ order: '订单', pharmacy: '药店', doctor: '医生', live: '直播' }[kind]}「${target.label}」`;
      const processed = plan.status === 'processed';
      await tx.execute(sql`
        insert into message (account_id, kind, title, content, link, sender_id, created_at, read_at)
        values (${plan.patient.id}, 'system', ${processed ? '您的投诉已处理' : '您的投诉未被受理'},
          ${
            processed
              ? `您对${about}的投诉（${text.category}）已处理。处理结果：${result}`
              : `您对${about}的投诉（${text.category}）已被驳回。原因：${result}`
          },
          '/patient/complaint', ${handler}, ${handledAt.toISOString()},
          ${handledAt.getTime() < ctx.now - 3 * DAY ? new Date(handledAt.getTime() + 5 * HOUR).toISOString() : null})`);
    }
  }
}
