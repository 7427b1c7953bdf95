export * from './accounts';
export * from './catalogue';
export * from './clinical';
export * from './messages';
export * from './orders';
export * from './people';
export * from './pharmacies';
export * from './pharmacy-console';
