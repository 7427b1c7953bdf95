/** Directus error codes this layer answers with, and their HTTP statuses (INVALID_PAYLOAD: a write's body). */
export const itemsErrorStatus = { FORBIDDEN: 403, INVALID_QUERY: 400, INVALID_PAYLOAD: 400 } as const;
export type ItemsErrorCode = keyof typeof itemsErrorStatus;

export interface DirectusErrorBody {
  errors: { message: string; extensions: { code: ItemsErrorCode } }[];
}

/** A refusal shaped like Directus's: 403 FORBIDDEN hides whether the thing exists, 400 INVALID_QUERY is a malformed query. */
export class ItemsQueryError extends Error {
  readonly code: ItemsErrorCode;
  readonly status: number;

  constructor(code: ItemsErrorCode, message: string) {
    super(message);
    this.name = 'ItemsQueryError';
    this.code = code;
    this.status = itemsErrorStatus[code];
  }

  toBody(): DirectusErrorBody {
    return { errors: [{ message: this.message, extensions: { code: this.code } }] };
  }
}

const clip = (s: string) => (s.length > 64 ? `${s.slice(0, 64)}…` : s);

export const forbidden = () => new ItemsQueryError('FORBIDDEN', "You don't have permission to access this.");

export const forbiddenField = (field: string, collection: string) =>
  new ItemsQueryError(
    'FORBIDDEN',
    `You don't have permission to access field "${clip(field)}" in collection "${collection}" or it does not exist.`,
  );

export const invalidQuery = (reason: string) => new ItemsQueryError('INVALID_QUERY', `Invalid query. ${reason}`);
