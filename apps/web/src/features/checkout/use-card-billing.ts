import { schemaResolver, useForm } from '@mantine/form';
import { type CardBilling, cardBilling } from '@tibay/contract';

/** The card billing form (spec 2 §3), validated with the contract's schema (the server checks the same). */
export function useCardBillingForm() {
  return useForm<CardBilling>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      middleName: '',
      lastName: '',
      billingAddress: '',
      billingCity: '',
      billingState: '',
      billingCountry: 'PH',
      billingZip: '',
    },
    validate: schemaResolver(cardBilling, { sync: true }),
  });
}

/** The billing details as the order sends them: the optional fields left out when blank. */
export function cardBillingOf(values: CardBilling): CardBilling {
  return {
    ...values,
    middleName: values.middleName?.trim() || undefined,
    billingState: values.billingState?.trim() || undefined,
  };
}
