export { commerceService } from './definition';
export { commerceConfigSchema, type CommerceConfig } from './config';
