import { Button, Group, SimpleGrid, TextInput, Title } from '@mantine/core';
import { type CreditApplication, type CreditForm2, creditFileFields, creditForm2 } from '@tibay/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSaveForm2 } from './api.ts';
import { ApplicationShell } from './components/application-shell.tsx';
import { FileField } from './components/file-field.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';
import { StepForm } from './components/step-form.tsx';
import { useStepForm } from './use-step-form.ts';
import { useStepSave } from './use-step-save.ts';
import { digits, form2Errors } from './validation.ts';

function BankForm({ application }: { application: CreditApplication | null }) {
  const loaded = useMemo(() => application?.form_2 ?? creditForm2.parse({}), [application]);
  const form = useStepForm<CreditForm2>(loaded);
  const guard = useLeaveGuard(form.dirty);
  const save = useSaveForm2();
  const values = form.values ?? loaded;
  const errors = form.errors;

  const step = useStepSave({
    errorsOf: (draft) => form2Errors(values, draft),
    setErrors: form.setErrors,
    save: (draft) => save.mutateAsync({ draft, form: values }),
    onSaved: (saved) => form.markSaved(saved.form_2),
    allowNavigation: guard.allowNavigation,
    next: '/BuildcreditSummary',
  });
  const run = step.run;
  const busy = save.isPending || step.drafting;

  const text = (
    field: keyof CreditForm2,
    label: string,
    extra: { required?: boolean; digits?: boolean; type?: string } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={extra.required}
      type={extra.type}
      value={values[field]}
      error={errors[field]}
      inputMode={extra.digits ? 'numeric' : undefined}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        form.set(field, extra.digits ? digits(raw) : raw);
      }}
    />
  );

  return (
    <>
      <StepForm title="Bank Information" errors={errors} onNext={() => void run(false)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('bankName', 'Bank Name', { required: true })}
          {text('bankBranchName', 'Bank Branch Name', { required: true })}
          {text('bankAccountName', 'Bank Account Name', { required: true })}
          {text('bankAccountNumber', 'Bank Account Number', { required: true, digits: true })}
          {text('bankMgrFirstName', 'Bank Manager First Name', { required: true })}
          {text('bankMgrLastName', 'Bank Manager Last Name', { required: true })}
          {text('bankMgrPhoneNumber', 'Bank Manager Phone Number', { required: true, digits: true })}
          {text('bankEmail', 'Bank Email', { required: true, type: 'email' })}
        </SimpleGrid>
        <Title order={2} size="h3">
          Trade Reference
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('tradeRefCompanyName', 'Trade Reference Company Name')}
          {text('tradeCompanyArea', 'Trade Company Area')}
          {text('tradeCompanyCity', 'Trade Company City')}
          {text('tradeCompanyBrgy', 'Trade Company Barangay')}
          {text('tradeCompanyAddressLine1', 'Trade Company Address Line 1')}
          {text('tradeCompanyAddressLine2', 'Trade Company Address Line 2')}
          {text('tradeCompanyPostCode', 'Trade Company Post Code', { digits: true })}
          {text('tradeCompanyPhone', 'Trade Company Phone', { digits: true })}
          {text('tradeDateOfAccountOpening', 'Date of Account Opening', { type: 'date' })}
          {text('tradeCustomerPhone', 'Trade Customer Phone', { digits: true })}
        </SimpleGrid>
        <Title order={2} size="h3">
          Documents
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {creditFileFields.map((field) => (
            <FileField key={field} field={field} stored={application?.files[field]} />
          ))}
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Button component={Link} to="/Buildcredit" variant="subtle">
            BACK
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={() => void run(true)} loading={step.drafting} disabled={busy}>
              SAVE AS DRAFT
            </Button>
            <Button type="submit" loading={save.isPending && !step.drafting} disabled={busy}>
              NEXT
            </Button>
          </Group>
        </Group>
      </StepForm>
      <LeaveGuardDialog blocker={guard.blocker} />
    </>
  );
}

/** /BankInformation: step 2, bank and trade reference, and the files (spec 3 §2.2, §3 form_2 and files, §5). */
export default function BankPage() {
  return <ApplicationShell step={1}>{(detail) => <BankForm application={detail} />}</ApplicationShell>;
}
