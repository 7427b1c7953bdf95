export * from './accounts';
export * from './messages';
export * from './people';
export * from './pharmacies';
