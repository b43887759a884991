import { runServiceProcess } from '@salon/runtime';
import { catalogService } from './definition';

void runServiceProcess(catalogService);
