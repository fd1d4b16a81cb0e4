import i18next from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_SCHEMAS, crossFieldIssues } from '../../shared/entities';
import type { EntityName } from '../../shared/entity-names';
import { formatNumber } from '../words/format';
import { toPlatformFields, type AnyRecord, type FormValues } from './field-specs';
import { fieldLabel, formNameOf } from '../words/record-words';

type Fields = Record<string, unknown>;
type Issue = z.core.$ZodIssue;

/** The words of the owner's language for a field that breaks a rule of the format kind. */
const FORMAT_RULES = {
  slug: 'records:rules.slug',
  email: 'records:rules.email',
  phoneNumber: 'records:rules.phone',
  code: 'records:rules.code',
  currency: 'records:rules.currency',
  pathPrefix: 'records:rules.pathPrefix',
} as const;

const DATE_FIELDS = new Set(['expiredAt', 'publishedAt']);

/**
 * A broken rule in the owner's language. The shared schema says which rule (its issue code
 * and bounds); its own messages are English, the platform's words, so the form writes the
 * sentence from the catalog instead. A rule this does not know keeps the schema's message.
 */
export function ruleMessage(entity: EntityName, field: string, issue: Issue, value: unknown) {
  const t = i18next.t;
  const args = { field: fieldLabel(entity, field) };
  const date = DATE_FIELDS.has(field);
  switch (issue.code) {
    case 'invalid_type':
      if (date) return t('records:rules.date', args);
      if (value === undefined || value === null) return t('records:rules.empty', args);
      if (issue.expected === 'int') return t('records:rules.wholeNumber', args);
      if (issue.expected === 'number') return t('records:rules.number', args);
      return t('records:rules.text', args);
    case 'too_small':
      if (date) return t('records:rules.date', args);
      if (issue.origin === 'string') return t('records:rules.empty', args);
      return Number(issue.minimum) >= 1
        ? t('records:rules.atLeastOne', args)
        : t('records:rules.positive', args);
    case 'too_big':
      if (date) return t('records:rules.tooLate', args);
      if (issue.origin === 'string')
        return t('records:rules.tooLong', { ...args, max: formatNumber(Number(issue.maximum)) });
      return t('records:rules.tooLarge', args);
    case 'invalid_format':
      return field in FORMAT_RULES
        ? t(FORMAT_RULES[field as keyof typeof FORMAT_RULES])
        : issue.message;
    case 'invalid_value':
      return t('records:rules.choice');
    default:
      return issue.message;
  }
}

/** The schema a form's values must meet: a percentage coupon has no currency to check. */
function schemaFor(entity: EntityName, values: FormValues): z.ZodType {
  if (entity === 'coupons' && values.couponType === 'percentage')
    return FIELD_SCHEMAS.coupons.omit({ currency: true });
  return FIELD_SCHEMAS[entity];
}

/**
 * A react-hook-form resolver for an entity's form: form values become platform fields, the
 * shared field schema judges them, cross-field rules are added, and errors land on the
 * form's own field names in the owner's language. A valid form submits the schema's output:
 * trimmed, e-mails lowercased, codes uppercased.
 */
export function recordResolver(
  entity: EntityName,
  base?: AnyRecord,
): Resolver<FormValues, unknown, Fields> {
  return async (values) => {
    const fields = toPlatformFields(entity, values, base);
    const result = await schemaFor(entity, values).safeParseAsync(fields);
    const errors: FieldErrors<FormValues> = {};
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[formNameOf(entity, field)] ??= {
          type: issue.code,
          message: ruleMessage(entity, field, issue, fields[field]),
        };
      }
    // The only cross-field rule: a percentage lies in (0, 100].
    for (const field of Object.keys(crossFieldIssues(entity, fields)))
      errors[formNameOf(entity, field)] ??= {
        type: 'cross',
        message: i18next.t('records:rules.percentage'),
      };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.data as Fields, errors: {} };
  };
}
