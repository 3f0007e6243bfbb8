import { Alert, Button, Group, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ComputationMethod, computationMethods, sellerRates } from '@tibay/contract';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { RegistrationShell } from './components/registration-shell.tsx';
import { type RegistrationDraft, readDraft, saveDraft } from './draft.ts';
import { errorsOf } from './form-errors.ts';

type Rates = NonNullable<RegistrationDraft['rates']>;
type RateField = Exclude<keyof Rates, 'computationMethod'>;

const empty: Rates = {
  computationMethod: 'Fixed',
  smallItemFeeFixed: '',
  bigItemFeeFixed: '',
  smallItemFeePerKM: '',
  bigItemFeePerKM: '',
};

const fields: { key: RateField; label: string; hint: string }[] = [
  { key: 'smallItemFeeFixed', label: 'Small item fee (fixed)', hint: 'One fee per order of small items.' },
  { key: 'bigItemFeeFixed', label: 'Big item fee (fixed)', hint: 'One fee per order with a big item.' },
  { key: 'smallItemFeePerKM', label: 'Small item fee per km', hint: 'For every started kilometre.' },
  { key: 'bigItemFeePerKM', label: 'Big item fee per km', hint: 'For every started kilometre.' },
];

/** A typed amount as a number, or the text itself (so the schema refuses it with its message). */
const amount = (text: string): number | string => (text.trim() === '' ? '' : Number(text));

/**
 * /sellerrate (spec 3 §2.3 step 2): the computation method and the four rates, each a number >= 0 and required
 * (spec 3 §5). They price Hardware Shipping at checkout once the shop is approved. NEXT adds them to the draft.
 */
export default function RatesPage() {
  const navigate = useNavigate();
  const draft = readDraft();
  const [values, setValues] = useState<Rates>(() => ({ ...empty, ...draft.rates }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!draft.info) return <Navigate to="/seller" replace />;

  const set = (key: RateField, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sellerRates.safeParse({
      computationMethod: values.computationMethod,
      ...Object.fromEntries(fields.map(({ key }) => [key, amount(values[key])])),
    });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    saveDraft({ rates: values });
    navigate('/sellerlocation');
  };

  return (
    <RegistrationShell step={1} title="Shipping rates">
      <Text size="sm" c="dimmed" mb="md">
        Your own delivery (Hardware Shipping) is priced with these rates in pesos. Enter 0 for a fee you do not charge.
      </Text>
      <form onSubmit={next} noValidate>
        <Stack gap="md">
          <Radio.Group
            label="Computation method"
            withAsterisk
            value={values.computationMethod}
            onChange={(value) =>
              setValues((current) => ({ ...current, computationMethod: value as ComputationMethod }))
            }
          >
            <Group mt={6}>
              {computationMethods.map((method) => (
                <Radio key={method} value={method} label={method} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {fields.map(({ key, label, hint }) => (
              <NumberInput
                key={key}
                label={label}
                description={hint}
                withAsterisk
                leftSection={
                  <Text size="sm" aria-hidden>
                    ₱
                  </Text>
                }
                min={0}
                decimalScale={2}
                thousandSeparator=","
                hideControls
                inputMode="decimal"
                value={values[key]}
                onChange={(value) => set(key, String(value))}
                error={errors[key]}
              />
            ))}
          </SimpleGrid>
          {Object.values(errors).some(Boolean) ? (
            <Alert color="red" variant="light" role="alert">
              Please check the fields marked in red.
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate('/seller')}>
              BACK
            </Button>
            <Button type="submit" size="md">
              NEXT
            </Button>
          </Group>
        </Stack>
      </form>
    </RegistrationShell>
  );
}
