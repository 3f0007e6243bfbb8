import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  type CreditApplication,
  creditFileMaxBytes,
  messages,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SignaturePad } from '../../components/signature-pad.tsx';
import { ApiError } from '../../lib/api.ts';
import * as rpaf from '../../lib/endpoints/rpaf.ts';
import { toast } from '../../lib/toast.ts';
import { useSubmission, useUploadFiles } from './api.ts';
import { ApplicationShell, useDraftSaved } from './components/application-shell.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';

const terms = [
  'I certify that the information in this application and the documents attached are true and complete.',
  'I authorise Tibay and its bank partner to verify this information with the banks, trade references and government offices named, and to obtain credit reports about the company and its owners.',
  'I understand that the credit limit and terms are decided by Tibay, that purchases on BuildCredit must be paid by their due date, and that overdue balances may suspend the credit line.',
  'I agree that my personal data is processed for this application as described in the Privacy Policy.',
];

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty canvas'))), 'image/png'),
  );
}

function Consent({ application, customerId }: { application: CreditApplication | null; customerId: number }) {
  const [accepted, setAccepted] = useState(application?.terms_accepted ?? false);
  const [method, setMethod] = useState<'pad' | 'file'>('pad');
  const [hasInk, setHasInk] = useState(false);
  const [signatureFile, setSignatureFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ terms?: string; signature?: string }>({});
  const [submittedId, setSubmittedId] = useState<number | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const upload = useUploadFiles();
  const submission = useSubmission();
  const navigate = useNavigate();
  const draftSaved = useDraftSaved();
  const storedSignature = application?.files.applicantSignature;
  const unsavedSignature = (method === 'pad' && hasInk) || (method === 'file' && signatureFile !== null);
  const guard = useLeaveGuard(accepted !== (application?.terms_accepted ?? false) || unsavedSignature);

  /** Saves the drawn or chosen signature; false when there is none or it failed. */
  const saveSignature = async (): Promise<boolean> => {
    let blob: Blob | null = null;
    if (method === 'pad') {
      if (!hasInk || !canvasRef.current) {
        setErrors((old) => ({ ...old, signature: words.provideSignature }));
        return false;
      }
      blob = await canvasBlob(canvasRef.current);
    } else {
      if (!signatureFile) {
        setErrors((old) => ({ ...old, signature: words.attachSignature }));
        return false;
      }
      if (signatureFile.size > creditFileMaxBytes) {
        setErrors((old) => ({ ...old, signature: messages.fileOverLimit }));
        return false;
      }
      blob = signatureFile;
    }
    setProgress(0);
    try {
      await upload(rpaf.saveSignature, { applicantSignature: blob }, setProgress);
      setHasInk(false);
      setSignatureFile(null);
      setErrors((old) => ({ ...old, signature: undefined }));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors((old) => ({ ...old, signature: error.fields?.applicantSignature ?? error.message }));
      toast(words.filesError, 'error');
      return false;
    } finally {
      setProgress(null);
    }
  };

  const submit = async () => {
    const problems: typeof errors = {};
    if (!accepted) problems.terms = words.termsRequired;
    if (!storedSignature && !unsavedSignature) problems.signature = words.attachSignature;
    setErrors(problems);
    if (problems.terms || problems.signature) {
      toast(problems.signature ?? words.fillRequired, 'error');
      return;
    }
    if (unsavedSignature && !(await saveSignature())) return;
    try {
      const answer = await submission.mutateAsync({ status: 'Pending', termsAccepted: true });
      guard.allowNavigation();
      setSubmittedId(answer.customer_id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.status === 400 || error.status === 409 ? error.message : words.consentFailed, 'error');
    }
  };

  const saveDraft = async () => {
    try {
      if (unsavedSignature && !(await saveSignature())) return;
      await submission.mutateAsync({ status: 'Draft', termsAccepted: false });
      guard.allowNavigation();
      draftSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.status === 409 ? error.message : words.saveError, 'error');
    }
  };

  const busy = submission.isPending || progress !== null;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Consent Form
      </Title>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <Stack gap="xs" component="ol" pl="md" m={0}>
          {terms.map((term) => (
            <Text key={term} component="li" size="sm">
              {term}
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Checkbox
        label="I have read and agree to the terms and conditions."
        checked={accepted}
        error={errors.terms}
        onChange={(event) => {
          setAccepted(event.currentTarget.checked);
          if (event.currentTarget.checked) setErrors((old) => ({ ...old, terms: undefined }));
        }}
      />
      <Radio.Group label="Applicant signature" value={method} onChange={(value) => setMethod(value as 'pad' | 'file')}>
        <Group mt="xs">
          <Radio value="pad" label="Sign on the pad" />
          <Radio value="file" label="Upload a signature file" />
        </Group>
      </Radio.Group>
      {method === 'pad' ? (
        <Stack gap="xs">
          <SignaturePad
            canvasRef={canvasRef}
            onInk={(ink) => {
              setHasInk(ink);
              if (ink) setErrors((old) => ({ ...old, signature: undefined }));
            }}
          />
          <Group>
            <Button size="compact-sm" variant="light" onClick={() => void saveSignature()} disabled={busy}>
              SAVE SIGNATURE
            </Button>
          </Group>
        </Stack>
      ) : (
        <FileInput
          label="Signature file (max 3MB)"
          description="PNG or JPEG"
          accept="image/png,image/jpeg"
          placeholder="Choose file"
          value={signatureFile}
          onChange={(file) => {
            setSignatureFile(file);
            if (file) setErrors((old) => ({ ...old, signature: undefined }));
          }}
        />
      )}
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} aria-label="Signature upload progress" />
      ) : null}
      {errors.signature ? (
        <Text size="sm" c="red.7" role="alert">
          {errors.signature}
        </Text>
      ) : storedSignature ? (
        <Text size="sm" c="green.9">
          <IconCheck size={14} aria-hidden /> Your signature is saved.
        </Text>
      ) : null}
      {Object.values(errors).some(Boolean) ? null : (
        <Alert color="gray" variant="light">
          After you submit, your application is reviewed and can no longer be changed.
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button component={Link} to="/BuildcreditSummary" variant="subtle">
          BACK
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={() => void saveDraft()} disabled={busy}>
            SAVE AS DRAFT
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            SUBMIT
          </Button>
        </Group>
      </Group>
      <LeaveGuardDialog blocker={guard.blocker} />
      <Modal opened={submittedId !== null} onClose={() => navigate('/')} title={words.submitted} centered>
        <Stack gap="md">
          <Text size="sm">
            Your BuildCredit application was submitted for review. Customer ID:{' '}
            <strong>{submittedId ?? customerId}</strong>
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => navigate('/')}>CLOSE</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /ConsentForm: step 4, the terms and the applicant's signature, then SUBMIT (spec 3 §2.2, §4, §5). */
export default function ConsentPage() {
  return (
    <ApplicationShell step={3}>
      {(detail, customerId) => <Consent application={detail} customerId={customerId} />}
    </ApplicationShell>
  );
}
