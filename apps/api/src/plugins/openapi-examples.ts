/** An OpenAPI 3.0 schema object, as this file reads it. */
export type Schema = Record<string, unknown>;

/** Fixed values, so the document is the same on every build. */
const BY_FORMAT: Record<string, string> = {
  'date-time': '2026-11-28T09:30:00.000Z',
  date: '2026-11-28',
  email: 'ada@example.com',
  uuid: '3f2b8c1e-5d4a-4e7b-9c1f-2a6d8e0b7c51',
  uri: 'https://karta.example/api/v1/card/art/amazon.svg',
};

/**
 * Strings that fields of our schemas usually take, tried in order against a field's length and
 * pattern when it gives no example of its own: the first that fits is the example.
 */
const STRING_CANDIDATES = [
  'text',
  'ada@example.com',
  'Sunshine#2026',
  '0123456789',
  '8031234567',
  '+2348031234567',
  '22123456789',
  '123456',
  '1234',
  'NGN',
  'USD',
  '2026-11',
  '2026-11-28',
  'Female',
  '#1a2b3c',
  'web',
  'x',
];

/**
 * What a field of that name usually holds, tried before the plain candidates: so a trade's
 * example has an id that looks like one, a date that is a date and a name that is a name.
 */
const BY_NAME: [RegExp, string][] = [
  [/^(id|.*_id)$/, '3f2b8c1e-5d4a-4e7b-9c1f-2a6d8e0b7c51'],
  [/^(token|access_token)$/, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzZjJiOGMxZSJ9.c2lnbmF0dXJl'],
  [/(_at|^at|_until|^expires)$/, '2026-11-28T09:30:00.000Z'],
  [/email/, 'ada@example.com'],
  [/^first_name$/, 'Ada'],
  [/^last_name$/, 'Okafor'],
  [/^(account_name|holder_name|full_name)$/, 'ADA CHIOMA OKAFOR'],
  [/^bank(_name)?$/, 'Guaranty Trust Bank'],
  [/^(card_name|gift_card|card)$/, 'Amazon'],
  [/name$/, 'Amazon'],
  [/currency/, 'USD'],
  [
    /url$/,
    '/api/v1/trade/images/3f2b8c1e-5d4a-4e7b-9c1f-2a6d8e0b7c51?expires=1764322200&signature=9c1f2a',
  ],
  [/reference$/, 'KRT-7Q4M9X2P'],
  [
    /^(message|note|reason|comment|review_note|rejection_reason|description|body|text)$/,
    'Front and back of the card, code clear.',
  ],
  [/(mobile_number|phone)/, '+2348031234567'],
  [/account_number/, '0123456789'],
  [/^date_of_birth$/, '1998-03-14'],
  [/password/, 'Sunshine#2026'],
  [/^(date|day|from|to)$/, '2026-11-28'],
  [/month/, '2026-11'],
  [/referral_code/, 'ADA4821'],
  [/(^|_)code$/, '000013'],
  [/gender/, 'Female'],
  [/role/, 'operator'],
  [/device/, 'android'],
];

function stringExample(schema: Schema, name: string | undefined): string {
  const byFormat = typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
  if (byFormat) return byFormat;
  const named = name ? BY_NAME.find(([pattern]) => pattern.test(name))?.[1] : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (value: string) =>
    value.length >= min && value.length <= max && (!pattern || pattern.test(value));
  if (named && fits(named)) return named;
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

function numberExample(schema: Schema): number {
  const { minimum, maximum, exclusiveMinimum } = schema;
  let value = schema.type === 'integer' ? 1 : 1000;
  if (typeof minimum === 'number')
    value = Math.max(value, minimum + (exclusiveMinimum === true ? 1 : 0));
  if (typeof exclusiveMinimum === 'number') value = Math.max(value, exclusiveMinimum + 1);
  if (typeof maximum === 'number') value = Math.min(value, maximum);
  return value;
}

const firstOf = (values: unknown[]) => values.find((value) => value !== null) ?? values[0];

/**
 * An example of a value of `schema`: its own (or a field's own) `example` where the schema gives
 * one, else a plain value that fits its type, format, bounds and pattern. Every example is
 * checked against its schema by the document's tests (plugins/openapi.test.ts), so an example
 * that does not fit is found there and given one of its own in the schema.
 */
export function exampleOf(
  schema: Schema,
  components: Record<string, Schema>,
  name?: string,
  depth = 0,
): unknown {
  if (depth > 12) return null;
  // A file part of a multipart example stands for the file's bytes.
  if (schema.format === 'binary') return '(the photo’s bytes)';
  const next = (child: unknown, childName = name) =>
    exampleOf(child as Schema, components, childName, depth + 1);
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? next(target) : null;
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return firstOf(schema.enum as unknown[]);
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => next(part) as object));
  }
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices?.length) {
    const branch = choices.find((choice) => choice.type !== 'null' && choice.nullable !== true);
    return next(branch ?? choices[0]);
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([field, property]) => [field, next(property, field)]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
      const items = schema.items as Schema | undefined;
      return schema.maxItems === 0 || !items
        ? []
        : Array.from({ length: count }, () => next(items));
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return true;
    default:
      return null;
  }
}
