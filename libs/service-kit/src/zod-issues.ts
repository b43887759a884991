import type { z } from 'zod';
import type { ValidationIssue } from './errors';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;
type Loc = ValidationIssue['loc'];
interface Described {
  type: string;
  msg: string;
}

/**
 * Messages produced by our error map start with this mark followed by the FastAPI type, so the
 * post-processing can tell them from messages a schema author wrote (which zod ranks above ours).
 */
const MARK = '\u0000';

/** Per-parse zod error map: every issue without an author-written message gets a FastAPI-style type and message. */
export const fastApiErrorMap = (issue: RawIssue): string => {
  const { type, msg } = describe(issue as Issue, issue.input, issue.inst);
  return `${MARK}${type}${MARK}${msg}`;
};

/** Flattens zod issues into the spec's 422 list; `prefix` is the location, e.g. `["query"]`. */
export function toValidationIssues(issues: readonly Issue[], prefix: Loc): ValidationIssue[] {
  return issues.flatMap((issue) => fromIssue(issue, [...prefix, ...issue.path.map(toLocPart)]));
}

function fromIssue(issue: Issue, loc: Loc): ValidationIssue[] {
  switch (issue.code) {
    case 'unrecognized_keys':
      // FastAPI reports each extra key on its own location.
      return issue.keys.map((key) => ({
        loc: [...loc, key],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      }));
    case 'invalid_union':
      return issue.errors.length > 0 ? fromUnion(issue.errors, loc) : [single(issue, loc)];
    case 'invalid_key':
    case 'invalid_element':
      return toValidationIssues(issue.issues, loc);
    default:
      return [single(issue, loc)];
  }
}

function single(issue: Issue, loc: Loc): ValidationIssue {
  if (issue.message.startsWith(MARK)) {
    const [, type = 'value_error', msg = ''] = issue.message.split(MARK);
    return { loc, msg, type };
  }
  const input = 'input' in issue ? issue.input : missingByMessage(issue);
  return { loc, msg: issue.message, type: describe(issue, input, undefined).type };
}

/**
 * A union failed: when one branch matched the input's type and only failed deeper, its issues are the
 * useful ones; otherwise every branch rejected the type and one combined message says what was expected.
 */
function fromUnion(branches: Issue[][], loc: Loc): ValidationIssue[] {
  const closest = branches.find(
    (branch) => branch.length > 0 && branch.every((issue) => !isRootTypeIssue(issue)),
  );
  if (closest) return toValidationIssues(closest, loc);
  const firsts = branches.flatMap((branch) => (branch[0] ? [single(branch[0], loc)] : []));
  const msgs = [...new Set(firsts.map((entry) => entry.msg))];
  const prefix = 'Input should be ';
  const msg = msgs.every((m) => m.startsWith(prefix))
    ? prefix + msgs.map((m) => m.slice(prefix.length)).join(' or ')
    : msgs.join(' or ');
  return [{ loc, msg, type: firsts[0]?.type ?? 'value_error' }];
}

const isRootTypeIssue = (issue: Issue) =>
  issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value');

const toLocPart = (key: PropertyKey): string | number => (typeof key === 'number' ? key : String(key));

// Issues thrown without `reportInput` carry no input; zod's own message still says "received undefined".
const missingByMessage = (issue: Issue): unknown =>
  issue.code === 'invalid_type' && /received undefined$/.test(issue.message) ? undefined : null;

function describe(issue: Issue, input: unknown, inst: unknown): Described {
  switch (issue.code) {
    case 'invalid_type':
      return describeType(issue.expected, input, inst);
    case 'too_small':
      return describeBound(issue.origin, 'min', issue.minimum, issue.inclusive ?? true, issue.exact);
    case 'too_big':
      return describeBound(issue.origin, 'max', issue.maximum, issue.inclusive ?? true, issue.exact);
    case 'invalid_format':
      return describeFormat(issue);
    case 'not_multiple_of':
      return { type: 'multiple_of', msg: `Input should be a multiple of ${issue.divisor}` };
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    case 'invalid_value':
      return issue.values.length === 1
        ? { type: 'literal_error', msg: `Input should be ${show(issue.values[0])}` }
        : { type: 'enum', msg: `Input should be ${listOr(issue.values.map(show))}` };
    case 'invalid_union':
      return describeUnion(issue, input);
    case 'custom': {
      const type: unknown = issue.params?.type;
      return { type: typeof type === 'string' ? type : 'value_error', msg: 'Invalid input' };
    }
    default:
      return { type: 'value_error', msg: 'Invalid input' };
  }
}

const INT_PARSING = {
  type: 'int_parsing',
  msg: 'Input should be a valid integer, unable to parse string as an integer',
};
const INT_TYPE = { type: 'int_type', msg: 'Input should be a valid integer' };

function describeType(expected: string, input: unknown, inst: unknown): Described {
  if (input === undefined || expected === 'nonoptional') return { type: 'missing', msg: 'Field required' };
  switch (expected) {
    case 'string':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    case 'int':
      return typeof input === 'number' && Number.isFinite(input)
        ? {
            type: 'int_from_float',
            msg: 'Input should be a valid integer, got a number with a fractional part',
          }
        : INT_TYPE;
    case 'number':
      if (isIntSchema(inst)) return typeof input === 'string' ? INT_PARSING : INT_TYPE;
      if (typeof input === 'number') return { type: 'finite_number', msg: 'Input should be a finite number' };
      return typeof input === 'string'
        ? { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' }
        : { type: 'float_type', msg: 'Input should be a valid number' };
    case 'bigint':
      return typeof input === 'string' ? INT_PARSING : INT_TYPE;
    case 'boolean':
      return typeof input === 'string'
        ? { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' }
        : { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'object':
      return {
        type: 'model_attributes_type',
        msg: 'Input should be a valid dictionary or object to extract fields from',
      };
    case 'record':
    case 'map':
      return { type: 'dict_type', msg: 'Input should be a valid dictionary' };
    case 'array':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'tuple':
    case 'set':
      return { type: `${expected}_type`, msg: `Input should be a valid ${expected}` };
    case 'date':
      return { type: 'datetime_type', msg: 'Input should be a valid datetime' };
    case 'null':
      return { type: 'none_required', msg: 'Input should be null' };
    case 'never':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    default:
      return { type: `${expected}_type`, msg: `Input should be a valid ${expected}` };
  }
}

// zod reports "expected number" for a non-number given to z.int(); the schema tells integer from float.
const isIntSchema = (inst: unknown): boolean =>
  typeof inst === 'object' && inst !== null && 'isInt' in inst && inst.isInt === true;

function describeBound(
  origin: string,
  side: 'min' | 'max',
  limit: number | bigint,
  inclusive: boolean,
  exact: boolean | undefined,
): Described {
  const atLeast = side === 'min';
  if (origin === 'string' || origin === 'array' || origin === 'set' || origin === 'file') {
    const [type, noun, unit] =
      origin === 'string'
        ? [atLeast ? 'string_too_short' : 'string_too_long', 'String', 'character']
        : [atLeast ? 'too_short' : 'too_long', origin === 'set' ? 'Set' : 'List', 'item'];
    const amount = exact ? 'exactly' : atLeast ? 'at least' : 'at most';
    return { type, msg: `${noun} should have ${amount} ${limit} ${unit}${limit === 1 ? '' : 's'}` };
  }
  const shown = origin === 'date' ? new Date(Number(limit)).toISOString() : String(limit);
  const relation = atLeast ? 'greater than' : 'less than';
  return inclusive
    ? {
        type: atLeast ? 'greater_than_equal' : 'less_than_equal',
        msg: `Input should be ${relation} or equal to ${shown}`,
      }
    : { type: atLeast ? 'greater_than' : 'less_than', msg: `Input should be ${relation} ${shown}` };
}

const FORMATS: Record<string, Described> = {
  email: { type: 'value_error', msg: 'value is not a valid email address' },
  url: { type: 'url_parsing', msg: 'Input should be a valid URL' },
  uuid: { type: 'uuid_parsing', msg: 'Input should be a valid UUID' },
  guid: { type: 'uuid_parsing', msg: 'Input should be a valid UUID' },
  datetime: { type: 'datetime_parsing', msg: 'Input should be a valid datetime' },
  date: { type: 'date_parsing', msg: 'Input should be a valid date' },
  time: { type: 'time_parsing', msg: 'Input should be a valid time' },
  duration: { type: 'time_delta_parsing', msg: 'Input should be a valid duration' },
  lowercase: { type: 'value_error', msg: 'String should be lowercase' },
  uppercase: { type: 'value_error', msg: 'String should be uppercase' },
};

function describeFormat(issue: z.core.$ZodIssueInvalidStringFormat): Described {
  if (issue.format === 'regex') {
    const pattern = (issue.pattern ?? '').replace(/^\/(.*)\/[a-z]*$/s, '$1');
    return { type: 'string_pattern_mismatch', msg: `String should match pattern '${pattern}'` };
  }
  if (issue.format === 'starts_with' && 'prefix' in issue) {
    return { type: 'value_error', msg: `String should start with ${show(issue.prefix)}` };
  }
  if (issue.format === 'ends_with' && 'suffix' in issue) {
    return { type: 'value_error', msg: `String should end with ${show(issue.suffix)}` };
  }
  if (issue.format === 'includes' && 'includes' in issue) {
    return { type: 'value_error', msg: `String should contain ${show(issue.includes)}` };
  }
  return FORMATS[issue.format] ?? { type: 'value_error', msg: `Input should be a valid ${issue.format}` };
}

function describeUnion(issue: z.core.$ZodIssueInvalidUnion, input: unknown): Described {
  if (issue.inclusive === false)
    return { type: 'value_error', msg: 'Input matches more than one allowed shape' };
  const key = issue.discriminator;
  if (key === undefined) return { type: 'union_error', msg: 'Input does not match any allowed shape' };
  const tag =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  if (tag === undefined)
    return { type: 'union_tag_not_found', msg: `Unable to extract tag using discriminator '${key}'` };
  const expected = (issue.options ?? []).map(show).join(', ');
  return {
    type: 'union_tag_invalid',
    msg: `Input tag ${show(tag)} found using '${key}' does not match any of the expected tags: ${expected}`,
  };
}

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value));

const listOr = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
