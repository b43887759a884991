import { phoneField } from '../src/api/identity/fields';

describe('phoneField', () => {
  it.each(['0812 3456 7890', '+62 812-3456-7890', '(021) 555.1234', ' +628123456789 '])(
    'accepts %j',
    (raw) => {
      expect(phoneField.safeParse(raw).success).toBe(true);
    },
  );

  it.each(['abc', '0812-CALL-ME', '++628123', '12 34', '62+812345678', '1'.repeat(41)])(
    'refuses %j',
    (raw) => {
      expect(phoneField.safeParse(raw).success).toBe(false);
    },
  );
});
