// Schemas of orders/shipping (filled in by its builder).
export {};
