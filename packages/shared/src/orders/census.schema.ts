// Schemas of orders/census (filled in by its builder).
export {};
