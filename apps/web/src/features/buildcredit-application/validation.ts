import {
  type CreditForm1,
  type CreditForm2,
  creditForm1,
  creditForm2,
  missingForm1,
  missingForm2,
} from '@tibay/contract';

/** Each field's first message from a schema's issues, by the field's name. */
function issuesByField(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** Step 1's problems: formats (digits only, email, lengths) and, unless a draft, the required fields (spec 3 §5). */
export function form1Errors(form: CreditForm1, draft: boolean): Record<string, string> {
  const parsed = creditForm1.safeParse(form);
  const formats = parsed.success ? {} : issuesByField(parsed.error.issues);
  return { ...(draft ? {} : missingForm1(form)), ...formats };
}

export function form2Errors(form: CreditForm2, draft: boolean): Record<string, string> {
  const parsed = creditForm2.safeParse(form);
  const formats = parsed.success ? {} : issuesByField(parsed.error.issues);
  return { ...(draft ? {} : missingForm2(form)), ...formats };
}

/** Digits only, as typed (the digits-only fields take no other key). */
export function digits(value: string): string {
  return value.replace(/\D/g, '');
}
