import { runServiceProcess } from '@salon/runtime';
import { notificationsService } from './definition';

void runServiceProcess(notificationsService);
