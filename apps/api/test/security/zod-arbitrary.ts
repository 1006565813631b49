import fc from 'fast-check';
import type { z } from 'zod';

/**
 * zod 4 schema → fast-check arbitrary of *inputs* the schema is meant to accept ("valid-ish":
 * refinements that cannot be read, such as a calendar date or two fields that must match, are
 * left to chance or to `known`). zod-fast-check supports zod 3 only, hence this one. It reads
 * the kinds our routes use; anything else becomes `fc.anything()`.
 */

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
}
interface SchemaDef extends Partial<CheckDef> {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/**
 * Values that make a field reach further than its format does: real ids, the user's PIN.
 * `isExclusive`: only these (a wrong PIN locks withdrawals, which is a change of its own).
 */
export type KnownValues = (
  path: readonly string[],
) => { values: readonly unknown[]; isExclusive?: boolean } | undefined;

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as SchemaDef;
const checksOf = (def: SchemaDef): CheckDef[] => [
  ...(def.format ? [def as CheckDef] : []),
  ...(def.checks ?? []).map((check) => check._zod.def),
];

/** Our strong-password rule is four lookaheads, which fc.stringMatching cannot read. */
const LOOKAHEAD = /\(\?=\.\*((?:[^()\\]|\\.)+)\)/g;
function matching(pattern: RegExp): fc.Arbitrary<string> {
  const lookaheads = [...pattern.source.matchAll(LOOKAHEAD)].map((match) => match[1] ?? '');
  if (lookaheads.length === 0) return fc.stringMatching(pattern);
  const parts = lookaheads.map((part) => fc.stringMatching(new RegExp(`^${part}$`)));
  return fc
    .tuple(...parts, fc.string({ maxLength: 12 }))
    .map((pieces) => pieces.join(''))
    .filter((text) => pattern.test(text));
}

function stringArbitrary(def: SchemaDef): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 64;
  let pattern: RegExp | undefined;
  let format: string | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum ?? 0);
    if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum ?? maxLength);
    if (check.check === 'length_equals') minLength = maxLength = check.length ?? 0;
    if (check.check === 'string_format') {
      format = check.format;
      pattern = check.pattern ?? pattern;
    }
  }
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (format === 'email') return fc.emailAddress().filter(fits);
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'date' || format === 'datetime') {
    const dates = fc.date({
      min: new Date('1950-01-01'),
      max: new Date('2040-01-01'),
      noInvalidDate: true,
    });
    return dates.map((date) =>
      format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString(),
    );
  }
  if (pattern) return matching(pattern).filter(fits);
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
  );
}

function numberArbitrary(def: SchemaDef): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let isInteger = false;
  let step: number | undefined;
  for (const check of checksOf(def)) {
    const value = Number(check.value);
    if (check.check === 'greater_than') min = check.inclusive ? value : value + Number.EPSILON;
    if (check.check === 'less_than') max = check.inclusive ? value : value - Number.EPSILON;
    if (check.check === 'multiple_of') step = value;
    if (check.check === 'number_format') isInteger = true;
  }
  if (isInteger) step = 1;
  if (step === undefined) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Whole multiples of the step, divided rather than multiplied: 7 / 100 is 0.07, 7 * 0.01 is not.
  const perUnit = Math.round(1 / step);
  const toValue = (k: bigint) => (step >= 1 ? Number(k) * step : Number(k) / perUnit);
  const low = BigInt(Math.ceil(min / step));
  const high = BigInt(Math.floor(max / step));
  const small = fc.bigInt({ min: low, max: low + 1000n < high ? low + 1000n : high });
  return fc.oneof(small, fc.bigInt({ min: low, max: high })).map(toValue);
}

/** An arbitrary of inputs for `schema`; `path` names the field, for `known`. */
export function zodArbitrary(
  schema: z.ZodType,
  known: KnownValues = () => undefined,
  path: readonly string[] = [],
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: z.ZodType | undefined, at = path) =>
    next ? zodArbitrary(next, known, at) : fc.constant(undefined);
  const generated = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return stringArbitrary(def);
      case 'number':
        return numberArbitrary(def);
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(def.values ?? []));
      case 'null':
        return fc.constant(null);
      case 'nullable':
        return fc.option(inner(def.innerType), { nil: null, freq: 5 });
      case 'optional':
      case 'default':
      case 'prefault':
        return fc.option(inner(def.innerType), { nil: undefined, freq: 5 });
      case 'catch':
      case 'readonly':
        return inner(def.innerType);
      case 'array': {
        let minLength = 0;
        let maxLength = 4;
        for (const check of checksOf(def)) {
          if (check.check === 'min_length') minLength = check.minimum ?? 0;
          if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum ?? 4);
        }
        return fc.array(inner(def.element, [...path, '[]']), {
          minLength,
          maxLength: Math.max(minLength, maxLength),
        });
      }
      case 'object': {
        const fields = Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, field]) => [
            key,
            inner(field, [...path, key]),
          ]),
        );
        return fc
          .record(fields)
          .map((record) =>
            Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)),
          );
      }
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
      case 'pipe': {
        // The input side is `in`; when `out` checks more closely what `in` lets through (a
        // string piped into an enum), most cases come from `out` so that they get further.
        const from = inner(def.in);
        if (!def.out || defOf(def.out).type === 'transform') return from;
        return fc.oneof({ arbitrary: inner(def.out), weight: 3 }, { arbitrary: from, weight: 1 });
      }
      default:
        return fc.anything({ maxDepth: 2 });
    }
  };
  const given = path.length > 0 ? known(path) : undefined;
  if (!given?.values.length) return generated();
  const fromKnown = fc.constantFrom(...given.values);
  if (given.isExclusive) return fromKnown;
  return fc.oneof({ arbitrary: fromKnown, weight: 4 }, { arbitrary: generated(), weight: 1 });
}
