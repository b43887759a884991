import { runServiceProcess } from '@salon/runtime';
import { commerceService } from './definition';

void runServiceProcess(commerceService);
