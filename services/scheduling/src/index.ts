export { schedulingService } from './definition';
export { schedulingConfigSchema, type SchedulingConfig } from './config';
