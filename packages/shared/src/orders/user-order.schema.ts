// Schemas of orders/user-order (filled in by its builder).
export {};
