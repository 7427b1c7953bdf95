// Schemas of the inspection part of the clinical module (docs/clinical.md); the shared core is clinical.schema.ts.
export {};
