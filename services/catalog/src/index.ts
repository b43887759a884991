export { catalogService } from './definition';
export { catalogConfigSchema, type CatalogConfig } from './config';
