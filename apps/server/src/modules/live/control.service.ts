import {
  LIVE_VIEWER_TTL_SECONDS,
  type LiveControlRow,
  type LiveStatus,
  liveActionsFor,
  liveConfigSchema,
  liveMessages,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { ViewerRepository } from './viewer.repository';
import { toComment } from './viewer.service';

const COMMENT_PAGE = 100;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const liveNotFound = () => AppError.notFound(liveMessages.notFound, 'Live not found in this pharmacy');
const commentNotFound = () => AppError.notFound(liveMessages.commentNotFound, 'Comment not found in this pharmacy');

/**
 * The control room (/broadcast/live) and comments moderation. Every query filters on the pharmacy of the request:
 * another pharmacy's live or comment answers 404 like a missing one.
 */
export class ControlService {
  /** `forgetChat(liveId)`: a change the viewers' cached comments must show at once (the viewer service's). */
  constructor(
    private readonly repo: ViewerRepository,
    private readonly forgetChat: (liveId: number) => void = () => undefined,
  ) {}

  async today(pharmacyId: number): Promise<LiveControlRow[]> {
    const rows = await this.repo.today(pharmacyId, LIVE_VIEWER_TTL_SECONDS);
    return Promise.all(
      rows.map(async (r) => {
        const quoteSetId = r.quote_set_id as number | null;
        const quoteSet = quoteSetId ? await this.repo.quoteSet(pharmacyId, quoteSetId) : null;
        return {
          id: r.id as number,
          title: r.title as string,
          cover_url: r.cover_url as string,
          lecturer: r.lecturer as string,
          start_at: r.start_at as string,
          end_at: r.end_at as string,
          started_at: (r.started_at as string | null) ?? null,
          ended_at: (r.ended_at as string | null) ?? null,
          status: r.status as LiveStatus,
          quote_set_id: quoteSet ? quoteSetId : null,
          quote_set_name: quoteSet?.name ?? null,
          viewer_count: r.viewer_count as number,
          question_count: r.question_count as number,
          created_at: r.created_at as string,
          intro: r.intro as string,
          push_url: r.push_url as string,
          pull_url: r.pull_url as string,
          replay_url: r.replay_url as string,
          config: liveConfigSchema.parse(r.config ?? {}),
          quote_set: quoteSet,
          combo_pinned: r.combo_pinned as boolean,
          source_live_id: (r.source_live_id as number | null) ?? null,
          material_count: r.material_count as number,
          share_count: r.share_count as number,
          periods: json(r.periods),
          actions: liveActionsFor(r.status as LiveStatus),
          viewers_now: r.viewers_now as number,
          comment_count: r.comment_count as number,
        };
      }),
    );
  }

  private async live(pharmacyId: number, liveId: number) {
    const live = await this.repo.pharmacyLive(pharmacyId, liveId);
    if (!live) throw liveNotFound();
    return live;
  }

  /** Staff see every comment, hidden ones too, and whether each author is muted. */
  async comments(pharmacyId: number, liveId: number, afterId: number | undefined) {
    await this.live(pharmacyId, liveId);
    const rows = await this.repo.comments(liveId, { afterId, withHidden: true, limit: COMMENT_PAGE });
    return rows.map((r) => toComment(r, true));
  }

  async postComment(pharmacyId: number, liveId: number, accountId: number, content: string) {
    await this.live(pharmacyId, liveId);
    const id = await this.repo.insertComment(pharmacyId, liveId, accountId, content, true);
    this.forgetChat(liveId);
    return toComment((await this.repo.comment(id, pharmacyId))!, true);
  }

  async setCommentStatus(pharmacyId: number, id: number, status: 'visible' | 'hidden', by: number) {
    if (!(await this.repo.setCommentStatus(pharmacyId, id, status, by))) throw commentNotFound();
    const comment = toComment((await this.repo.comment(id, pharmacyId))!, true);
    this.forgetChat(comment.live_id);
    return comment;
  }

  /** Mute / unmute a viewer of the pharmacy's live who commented in it or watched it (else 404). */
  async setMuted(pharmacyId: number, liveId: number, accountId: number, muted: boolean, by: number) {
    await this.live(pharmacyId, liveId);
    if (!(await this.repo.tookPart(liveId, accountId)))
      throw AppError.notFound('该用户未参与本场直播', 'Account neither commented in nor watched this live');
    if (muted) await this.repo.mute(pharmacyId, liveId, accountId, by);
    else await this.repo.unmute(liveId, accountId);
    this.forgetChat(liveId);
  }
}
