import { Alert, Button, Group, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import {
  additionalInformationMax,
  type CreditApplication,
  type CreditForm1,
  creditForm1,
  ownerFieldsShown,
  specialRpafAbove,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { useMemo } from 'react';
import { LimitedTextarea } from '../../components/limited-textarea.tsx';
import { useApplication, useCreditOptions, useSaveForm1 } from './api.ts';
import { ApplicationShell } from './components/application-shell.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';
import { PlaceSelects } from './components/place-selects.tsx';
import { StepForm } from './components/step-form.tsx';
import { useStepForm } from './use-step-form.ts';
import { useStepSave } from './use-step-save.ts';
import { digits, form1Errors } from './validation.ts';

const peso = (amount: number) => `₱${amount.toLocaleString('en-PH')}`;

function CompanyForm({ application, phone }: { application: CreditApplication | null; phone: string }) {
  const loaded = useMemo(
    // The form's state leaves the mobile phone out: it is the profile's, shown and sent as `phone`.
    () => ({ ...(application?.form_1 ?? creditForm1.parse({})), mobilePhone: '' }),
    [application],
  );
  const form = useStepForm<CreditForm1>(loaded);
  const guard = useLeaveGuard(form.dirty);
  const options = useCreditOptions();
  const save = useSaveForm1();
  // The mobile phone is always the profile's (read-only; the server sets it too).
  const values = { ...(form.values ?? loaded), mobilePhone: phone };
  const errors = form.errors;

  const step = useStepSave({
    errorsOf: (draft) => form1Errors(values, draft),
    setErrors: form.setErrors,
    save: (draft) => save.mutateAsync({ draft, form: values }),
    onSaved: (saved) => form.markSaved({ ...saved.form_1, mobilePhone: '' }),
    allowNavigation: guard.allowNavigation,
    next: '/BankInformation',
  });
  const run = step.run;
  const busy = save.isPending || step.drafting;

  const text = (field: keyof CreditForm1, label: string, extra: { required?: boolean; digits?: boolean } = {}) => (
    <TextInput
      label={label}
      withAsterisk={extra.required}
      value={String(values[field] ?? '')}
      error={errors[field]}
      inputMode={extra.digits ? 'numeric' : undefined}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        form.set(field, (extra.digits ? digits(raw) : raw) as never);
      }}
    />
  );

  return (
    <>
      <StepForm title="Company Information" errors={errors} onNext={() => void run(false)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Credit Limit"
            withAsterisk
            value={values.creditLimit === null ? '' : String(values.creditLimit)}
            error={errors.creditLimit}
            data={[
              { value: '', label: options.isPending ? 'Loading…' : 'Select credit limit' },
              ...(options.data?.limits ?? []).map((limit) => ({ value: String(limit), label: peso(limit) })),
            ]}
            onChange={(event) =>
              form.set('creditLimit', event.currentTarget.value ? Number(event.currentTarget.value) : null)
            }
          />
          <NativeSelect
            label="Credit Terms"
            withAsterisk
            value={values.creditTerms === null ? '' : String(values.creditTerms)}
            error={errors.creditTerms}
            data={[
              { value: '', label: options.isPending ? 'Loading…' : 'Select credit terms' },
              ...(options.data?.terms ?? []).map((days) => ({ value: String(days), label: `${days} days` })),
            ]}
            onChange={(event) =>
              form.set('creditTerms', event.currentTarget.value ? Number(event.currentTarget.value) : null)
            }
          />
        </SimpleGrid>
        {(values.creditLimit ?? 0) > specialRpafAbove ? (
          <Alert color="yellow" role="note" title="Special RPAF">
            {words.specialRpaf}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('companyName', 'Company Name', { required: true })}
          {text('companyEmail', 'Company Email')}
          {text('contactPerson', 'Contact Person', { required: true })}
          <TextInput
            label="Mobile Phone"
            withAsterisk
            readOnly
            value={phone}
            error={errors.mobilePhone}
            description={phone ? 'From your profile' : 'Please add your mobile phone on your profile first.'}
          />
          {text('alternativeMobilePhone', 'Alternative Mobile Phone', { required: true, digits: true })}
          {text('landline', 'Landline')}
          {ownerFieldsShown(values.creditLimit) ? (
            <>
              {text('ownerName', 'Owner Name', { required: true })}
              {text('ownerMobilePhone', 'Owner Mobile Phone', { required: true, digits: true })}
            </>
          ) : null}
        </SimpleGrid>
        <Title order={3} size="h4">
          Company Address
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PlaceSelects
            value={values}
            errors={errors}
            onChange={(next) => {
              for (const [field, value] of Object.entries(next)) form.set(field as keyof CreditForm1, value as never);
            }}
          />
          {text('postCode', 'Post Code', { digits: true })}
          {text('addressLine1', 'Address Line 1', { required: true })}
          {text('addressLine2', 'Address Line 2')}
        </SimpleGrid>
        <LimitedTextarea
          label="Additional Information"
          maxLength={additionalInformationMax}
          value={values.additionalInformation}
          error={errors.additionalInformation}
          autosize
          minRows={2}
          onChange={(event) => form.set('additionalInformation', event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void run(true)} loading={busy && step.drafting}>
            SAVE AS DRAFT
          </Button>
          <Button type="submit" loading={save.isPending && !step.drafting} disabled={busy}>
            NEXT
          </Button>
        </Group>
      </StepForm>
      <LeaveGuardDialog blocker={guard.blocker} />
    </>
  );
}

/** /Buildcredit: step 1, company information (spec 3 §2.2, §3 form_1, §5). */
export default function CompanyPage() {
  const application = useApplication();
  return (
    <ApplicationShell step={0}>
      {(detail) => <CompanyForm application={detail} phone={application.data?.customerDetail.phone ?? ''} />}
    </ApplicationShell>
  );
}
