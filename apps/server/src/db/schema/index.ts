export * from './accounts';
export * from './catalogue';
export * from './messages';
export * from './people';
export * from './pharmacies';
export * from './pharmacy-console';
export * from './orders';
