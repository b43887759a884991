export { identityService } from './definition';
export { identityConfigSchema, type IdentityConfig } from './config';
