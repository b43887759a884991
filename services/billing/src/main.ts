import { runServiceProcess } from '@salon/runtime';
import { billingService } from './definition';

void runServiceProcess(billingService);
