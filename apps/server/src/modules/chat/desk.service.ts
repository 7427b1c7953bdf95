import {
  ageFromIdNumber,
  ageFromTimestamp,
  type ChatCannedReply,
  type ChatCannedReplyBody,
  type ChatColleague,
  type ChatHistoryQuery,
  type ChatHistoryRow,
  type ChatPatientInfo,
  type ChatSettings,
  type ChatSettingsBody,
  type ChatStaffStatus,
  canManageChatSettings,
  chatDefaults,
  chatMessages,
  ErrorCode,
  familyRelationLabel,
  genderFromIdNumber,
  genderLabels,
  isValidIdNumber,
  maskPhone,
  type PageResult,
  type PharmacyRole,
  type RecipeStatus,
  recipeStatusLabels,
  roleLabels,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { toConversation, toOrderCard } from './conversation.service';
import type { CannedReplyRow, DeskRepository, FamilyMemberRow, HistoryRow, ProductCardRow } from './desk.repository';

/** How many recent orders and prescriptions the patient info panel shows. */
export const PATIENT_INFO_RECENT = 10;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const _isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const masked = (phone: string) => String(maskPhone(phone));

const notFound = () => AppError.notFound(chatMessages.notFound, 'Conversation not found');
const cannedNotFound = () => AppError.notFound('快捷回复不存在或已删除', 'Canned reply not found');
const shortcutTaken = () =>
  new AppError(409, ErrorCode.CONFLICT, chatMessages.shortcutTaken, 'Shortcut already used in this pharmacy', {
    field: 'shortcut',
  });

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const toCannedReply = (row: CannedReplyRow): ChatCannedReply => ({
  id: row.id,
  shortcut: row.shortcut,
  content: row.content,
  sort: row.sort,
  updated_at: iso(row.updated_at),
});

export const toProductCard = (row: ProductCardRow) => ({
  quote_id: row.quote_id,
  product_id: row.product_id,
  name: row.name,
  spec: row.spec,
  price: row.price,
  image: row.images?.[0] ?? '',
  is_rx: row.type === 'RX',
});

function toFamilyMember(row: FamilyMemberRow, now: Date): ChatPatientInfo['family_members'][number] {
  let gender = row.gender;
  let age: number | null = null;
  if (isValidIdNumber(row.id_number)) {
    gender = genderFromIdNumber(row.id_number);
    age = ageFromIdNumber(row.id_number, now);
  } else if (row.birthday) {
    const [y, m, d] = row.birthday.split('-').map(Number);
    age = ageFromTimestamp(new Date(y, m - 1, d), now);
  }
  return {
    id: row.id,
    name: row.name,
    relation: familyRelationLabel(row.relation),
    gender: gender ? genderLabels[gender] : '',
    age,
    allergy_history: row.allergy_history ?? [],
    past_medical_history: row.past_medical_history ?? [],
    family_medical_history: row.family_medical_history ?? [],
    is_default: row.is_default,
  };
}

/** A history row: the staff's summary of the conversation (toConversation), its message count and match. */
const toHistoryRow = (row: HistoryRow): ChatHistoryRow => ({
  ...toConversation(row, 'staff'),
  // seqs are gap-free from 1: the last one is the number of messages
  message_count: row.last_seq,
  matched_text: row.matched_text,
});

export interface DeskHooks {
  /** Offers the oldest queued conversation to online staff with capacity (the conversation service's). */
  offerNext?: (pharmacyId: number) => Promise<unknown>;
}

/** The chat room's desk: settings, canned replies, status, colleagues, patient info, products, history. */
export class DeskService {
  constructor(
    private readonly repo: DeskRepository,
    private readonly hooks: DeskHooks = {},
  ) {}

  // ------------------------------------------------------------------------------------------------ settings

  async settings(pharmacyId: number, role: PharmacyRole | null | undefined): Promise<ChatSettings> {
    const row = await this.repo.settings(pharmacyId);
    const values = row ?? { ...chatDefaults, work_days: [...chatDefaults.work_days] };
    return {
      greeting: values.greeting,
      off_hours_reply: values.off_hours_reply,
      work_days: [...values.work_days].map(Number).sort((a, b) => a - b),
      work_start: values.work_start,
      work_end: values.work_end,
      per_staff_limit: values.per_staff_limit,
      editable: canManageChatSettings(role),
    };
  }

  async saveSettings(
    pharmacyId: number,
    accountId: number,
    role: PharmacyRole | null | undefined,
    body: ChatSettingsBody,
  ): Promise<ChatSettings> {
    await this.repo.saveSettings(
      pharmacyId,
      { ...body, work_days: [...body.work_days].sort((a, b) => a - b) },
      accountId,
    );
    return this.settings(pharmacyId, role);
  }

  // ------------------------------------------------------------------------------------------------ canned replies

  async cannedReplies(pharmacyId: number): Promise<ChatCannedReply[]> {
    return (await this.repo.cannedReplies(pharmacyId)).map(toCannedReply);
  }

  async createCannedReply(pharmacyId: number, accountId: number, body: ChatCannedReplyBody): Promise<ChatCannedReply> {
    const row = await this.repo.insertCannedReply(pharmacyId, body, accountId);
    if (!row) throw shortcutTaken();
    return toCannedReply(row);
  }

  async updateCannedReply(pharmacyId: number, id: number, body: ChatCannedReplyBody): Promise<ChatCannedReply> {
    if (!(await this.repo.cannedReply(pharmacyId, id))) throw cannedNotFound();
    if (await this.repo.shortcutTaken(pharmacyId, body.shortcut, id)) throw shortcutTaken();
    let row: CannedReplyRow | null;
    try {
      row = await this.repo.updateCannedReply(pharmacyId, id, body);
    } catch (err) {
      // another save took the shortcut between the check and the update
      if (isUniqueViolation(err)) throw shortcutTaken();
      throw err;
    }
    if (!row) throw cannedNotFound();
    return toCannedReply(row);
  }

  async removeCannedReply(pharmacyId: number, id: number): Promise<void> {
    if (!(await this.repo.deleteCannedReply(pharmacyId, id))) throw cannedNotFound();
  }

  // ------------------------------------------------------------------------------------------------ status

  async myStatus(pharmacyId: number, accountId: number) {
    const row = await this.repo.staffStatus(pharmacyId, accountId);
    return { status: row?.status ?? ('online' as const), online: row?.connected ?? false };
  }

  async setMyStatus(pharmacyId: number, accountId: number, status: ChatStaffStatus) {
    await this.repo.setStaffStatus(pharmacyId, accountId, status);
    // a staff member back online may take the oldest waiting conversation
    if (status === 'online' && this.hooks.offerNext) await this.hooks.offerNext(pharmacyId);
    return this.myStatus(pharmacyId, accountId);
  }

  // ------------------------------------------------------------------------------------------------ colleagues

  /** The pharmacy's chat staff, online first, then away, then offline; fewer open conversations first. */
  async colleagues(pharmacyId: number): Promise<ChatColleague[]> {
    const rank = { online: 0, away: 1, offline: 2 } as const;
    const list = (await this.repo.colleagues(pharmacyId)).map(
      (row): ChatColleague => ({
        account_id: row.account_id,
        name: row.name || masked(row.phone),
        role: row.role,
        role_label: roleLabels[row.role as PharmacyRole] ?? row.role,
        // connected (a heartbeat within the TTL) shows the chosen status; otherwise offline
        status: row.connected ? (row.status ?? 'online') : 'offline',
        open_count: row.open_count,
      }),
    );
    return list.toSorted((a, b) => rank[a.status] - rank[b.status] || a.open_count - b.open_count);
  }

  // ------------------------------------------------------------------------------------------------ patient info

  async patientInfo(pharmacyId: number, conversationId: number, now = new Date()): Promise<ChatPatientInfo> {
    const patient = await this.repo.patientOfConversation(pharmacyId, conversationId);
    if (!patient) throw notFound();
    const [members, orders, recipes] = await Promise.all([
      this.repo.familyMembers(patient.account_id),
      this.repo.recentOrders(pharmacyId, patient.account_id, PATIENT_INFO_RECENT),
      this.repo.recentRecipes(pharmacyId, patient.account_id, PATIENT_INFO_RECENT),
    ]);
    return {
      account_id: patient.account_id,
      name: patient.name || masked(patient.phone),
      phone: masked(patient.phone),
      avatar: patient.avatar,
      member_since: iso(patient.member_since),
      order_count: patient.order_count,
      order_total: patient.order_total,
      family_members: members.map((m) => toFamilyMember(m, now)),
      recent_orders: orders.map(toOrderCard),
      recent_recipes: recipes.map((r) => ({
        id: r.id,
        recipe_no: r.recipe_no,
        status: r.status,
        status_label: recipeStatusLabels[r.status as RecipeStatus] ?? r.status,
        patient_name: r.patient_name,
        diagnosis: (r.diagnoses ?? []).join('、'),
        created_at: iso(r.created_at),
      })),
    };
  }

  // ------------------------------------------------------------------------------------------------ products

  async products(pharmacyId: number, keyword: string | undefined, limit: number) {
    return (await this.repo.products(pharmacyId, keyword || undefined, limit)).map(toProductCard);
  }

  // ------------------------------------------------------------------------------------------------ history

  async history(pharmacyId: number, query: ChatHistoryQuery): Promise<PageResult<ChatHistoryRow>> {
    if (query.date_from && query.date_to && query.date_from > query.date_to)
      throw AppError.badParams('date_to', '结束日期不能早于开始日期', 'date_to before date_from');
    const { rows, total } = await this.repo.history(pharmacyId, query);
    return { list: rows.map(toHistoryRow), total, page: query.page, page_size: query.page_size };
  }
}
