import { runServiceProcess } from '@salon/runtime';
import { identityService } from './definition';

void runServiceProcess(identityService);
