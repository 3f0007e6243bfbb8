import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type CreditApplication,
  type CreditForm2,
  creditFileFields,
  creditForm2,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveForm2, useSubmission } from './api.ts';
import { ApplicationShell, useDraftSaved } from './components/application-shell.tsx';
import { FileField } from './components/file-field.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';
import { useStepForm } from './use-step-form.ts';
import { digits, form2Errors } from './validation.ts';

function BankForm({ application }: { application: CreditApplication | null }) {
  const loaded = useMemo(() => application?.form_2 ?? creditForm2.parse({}), [application]);
  const form = useStepForm<CreditForm2>(loaded);
  const guard = useLeaveGuard(form.dirty);
  const save = useSaveForm2();
  const submission = useSubmission();
  const navigate = useNavigate();
  const draftSaved = useDraftSaved();
  const values = form.values ?? loaded;
  const errors = form.errors;
  const busy = save.isPending || submission.isPending;

  const run = async (draft: boolean) => {
    const problems = form2Errors(values, draft);
    form.setErrors(problems);
    if (Object.keys(problems).length) {
      toast(words.fillRequired, 'error');
      return;
    }
    try {
      const saved = await save.mutateAsync({ draft, form: values });
      form.markSaved(saved.form_2);
      guard.allowNavigation();
      if (draft) {
        await submission.mutateAsync({ status: 'Draft', termsAccepted: false });
        draftSaved();
      } else navigate('/BuildcreditSummary');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.fields) form.setErrors(error.fields);
      toast(error.status === 400 || error.status === 409 ? error.message : words.saveError, 'error');
    }
  };

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
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(false);
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            Bank Information
          </Title>
          {Object.keys(errors).length ? (
            <Alert color="red" role="alert">
              {words.fillRequired}
            </Alert>
          ) : null}
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
              <Button variant="default" onClick={() => void run(true)} loading={submission.isPending} disabled={busy}>
                SAVE AS DRAFT
              </Button>
              <Button type="submit" loading={save.isPending && !submission.isPending} disabled={busy}>
                NEXT
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <LeaveGuardDialog blocker={guard.blocker} />
    </>
  );
}

/** /BankInformation: step 2, bank and trade reference, and the files (spec 3 §2.2, §3 form_2 and files, §5). */
export default function BankPage() {
  return <ApplicationShell step={1}>{(detail) => <BankForm application={detail} />}</ApplicationShell>;
}
