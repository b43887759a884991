import { runServiceProcess } from '@salon/runtime';
import { schedulingService } from './definition';

void runServiceProcess(schedulingService);
