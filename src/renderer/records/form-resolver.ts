import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { FIELD_SCHEMAS, crossFieldIssues } from '../../shared/entities';
import type { EntityName } from '../../shared/entity-names';
import { formNameOf, toPlatformFields, type AnyRecord, type FormValues } from './field-specs';

type Fields = Record<string, unknown>;

/**
 * A react-hook-form resolver for an entity's form: form values become platform fields, the
 * shared field schema judges them (through zodResolver, so the messages are the platform's),
 * cross-field rules are added, and errors land on the form's own field names. A valid form
 * submits the schema's output: trimmed, e-mails lowercased, codes uppercased.
 */
export function recordResolver(
  entity: EntityName,
  base?: AnyRecord,
): Resolver<FormValues, unknown, Fields> {
  const inner = zodResolver(FIELD_SCHEMAS[entity] as never) as unknown as Resolver<
    Fields,
    unknown,
    Fields
  >;
  return async (values, context, options) => {
    const fields = toPlatformFields(entity, values, base);
    const result = await inner(fields, context, options as never);
    const errors: FieldErrors<FormValues> = {};
    for (const [field, error] of Object.entries(result.errors))
      if (error) errors[formNameOf(entity, field)] = error as FieldErrors<FormValues>[string];
    for (const [field, message] of Object.entries(crossFieldIssues(entity, fields)))
      errors[formNameOf(entity, field)] ??= { type: 'cross', message };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values, errors: {} };
  };
}
