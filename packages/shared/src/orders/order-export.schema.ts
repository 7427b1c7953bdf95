// Schemas of orders/order-export (filled in by its builder).
export {};
