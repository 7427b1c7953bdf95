// Schemas of finance/finance (filled in by its builder).
export {};
