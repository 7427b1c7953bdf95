import { messageEndpoints } from './messages/message.endpoints';

/** Every API call the console makes, addressed by name. Modules add theirs here. */
export const endpoints = {
  ...messageEndpoints,
};
export type EndpointName = keyof typeof endpoints;
