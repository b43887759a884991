import { Client } from 'pg';
import { renderError } from '../src';

/** Errors of an unreachable database answer 503 in the spec's shape; the e2e fault suite shows it end to end. */
const UNAVAILABLE = { status: 503, body: { detail: 'Service temporarily unavailable' } };

describe('database unavailable', () => {
  it('renders a refused connection from the driver as 503', async () => {
    // A port nothing listens on: the driver's own connection error, not a hand-made one.
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
    const error = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(renderError(error)).toEqual(UNAVAILABLE);
  });

  it('looks through the query wrapper at the driver error it carries', () => {
    const driver = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = new Error('Failed query: SELECT 1', { cause: driver });
    expect(renderError(wrapped)).toEqual(UNAVAILABLE);
    const refused = new Error('Failed query: SELECT 1', {
      cause: Object.assign(new Error('database "x" is not currently accepting connections'), {
        code: '55000',
      }),
    });
    expect(renderError(refused)).toEqual(UNAVAILABLE);
    expect(renderError(new Error('timeout exceeded when trying to connect'))).toEqual(UNAVAILABLE);
  });

  it('leaves other database errors to the generic 500', () => {
    const violation = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(renderError(new Error('Failed query', { cause: violation }))).toBeUndefined();
  });
});
