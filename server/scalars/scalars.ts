import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isValidDate } from '#server/lib/turkey-time.ts';

const invalid = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function stringScalar(name: string, description: string, check: (v: string) => boolean, hint: string) {
  const parse = (value: unknown) => {
    if (typeof value !== 'string' || !check(value)) throw invalid(`${name} must be ${hint}`);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind !== Kind.STRING) throw invalid(`${name} must be ${hint}`);
      return parse(ast.value);
    },
  });
}

export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An instant, ISO 8601 with offset.',
  serialize(value) {
    const d = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(d.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return d.toISOString();
  },
  parseValue(value) {
    const d = typeof value === 'string' ? new Date(value) : undefined;
    if (!d || Number.isNaN(d.getTime()) || !/\d{4}-\d{2}-\d{2}T/.test(value as string)) {
      throw invalid('DateTime must be an ISO 8601 date-time');
    }
    return d;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw invalid('DateTime must be an ISO 8601 date-time');
    const d = new Date(ast.value);
    if (Number.isNaN(d.getTime())) throw invalid('DateTime must be an ISO 8601 date-time');
    return d;
  },
});

export const DateScalar = stringScalar(
  'Date',
  'A calendar day in Turkey, YYYY-MM-DD.',
  (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isValidDate(v),
  'a date as YYYY-MM-DD',
);

export const TimeScalar = stringScalar(
  'Time',
  'A wall-clock time in Turkey, HH:mm.',
  (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
  'a time as HH:mm',
);
