import { creditForm1, creditForm2, creditApplicationMessages as words } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { digits, form1Errors, form2Errors } from './validation.ts';

const empty1 = creditForm1.parse({});
const empty2 = creditForm2.parse({});

describe('the application steps check what the server checks (spec 3 §5)', () => {
  it('NEXT names every required field of step 1; a draft names none', () => {
    expect(Object.keys(form1Errors(empty1, false)).sort()).toEqual(
      [
        'addressLine1',
        'alternativeMobilePhone',
        'area',
        'companyBrgy',
        'companyCity',
        'companyName',
        'contactPerson',
        'creditLimit',
        'creditTerms',
        'mobilePhone',
      ].sort(),
    );
    expect(form1Errors(empty1, true)).toEqual({});
  });

  it('asks for the owner fields from a limit of 100,000', () => {
    expect(form1Errors({ ...empty1, creditLimit: 50_000 }, false)).not.toHaveProperty('ownerName');
    expect(form1Errors({ ...empty1, creditLimit: 100_000 }, false)).toMatchObject({
      ownerName: words.required,
      ownerMobilePhone: words.required,
    });
  });

  it('refuses a bad company or bank email and additional information over 100 characters, even in a draft', () => {
    expect(form1Errors({ ...empty1, companyEmail: 'nope' }, true)).toEqual({ companyEmail: words.invalidEmail });
    expect(form1Errors({ ...empty1, additionalInformation: 'x'.repeat(101) }, true)).toHaveProperty(
      'additionalInformation',
    );
    expect(form2Errors({ ...empty2, bankEmail: 'nope' }, true)).toEqual({ bankEmail: words.invalidEmail });
    expect(form2Errors({ ...empty2, bankAccountNumber: '12-34' }, true)).toEqual({
      bankAccountNumber: words.digitsOnly,
    });
  });

  it('keeps only digits in the digits-only fields', () => {
    expect(digits('0917-123 4567')).toBe('09171234567');
  });
});
