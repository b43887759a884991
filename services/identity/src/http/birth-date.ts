import { identityApi } from '@salon/contracts';
import { isReasonableBirthDate } from '../domain/customer-rules';

/**
 * A birth date: the contract's `YYYY-MM-DD` plus identity's own "in the past, within 120 years" rule
 * (domain/customer-rules), added to the contract bodies with `safeExtend`.
 */
export const birthDateField = identityApi.dateField.refine((date) => isReasonableBirthDate(date), {
  error: 'Date of birth must be in the past and within 120 years',
});
