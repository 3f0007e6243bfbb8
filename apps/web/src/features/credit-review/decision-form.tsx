import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type CreditReviewDetail, formatPeso2 } from '@tibay/contract';
import { useState } from 'react';
import { ConfirmDecision } from '../../components/review-queue.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDecide } from './api.ts';

type Kind = 'approve' | 'reject' | 'documents';
const done: Record<Kind, string> = {
  approve: 'Application approved. The buyer was mailed.',
  reject: 'Application rejected. The buyer was mailed.',
  documents: 'More documents requested. The buyer was mailed.',
};

/**
 * The three decisions on a Pending application: approve with a credit limit (pesos, 2 decimals), terms in days and
 * an optional PDC note; reject with a reason; or ask for more documents. Each asks for confirmation first.
 */
export function DecisionForm({ detail }: { detail: CreditReviewDetail }) {
  const form1 = detail.application.form_1;
  const [kind, setKind] = useState<Kind>('approve');
  const [limit, setLimit] = useState<number | string>(form1.creditLimit ?? '');
  const [terms, setTerms] = useState<number | string>(form1.creditTerms ?? 30);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = useDecide(detail.application.id);
  const centavos = Math.round(Number(limit) * 100);

  const problem = (): string | null => {
    if (kind === 'approve') {
      if (!(Number(limit) > 0)) return 'Please enter a credit limit above zero.';
      if (!(Number.isInteger(Number(terms)) && Number(terms) >= 1)) return 'Please enter the terms in days.';
      return null;
    }
    if (!note.trim()) return kind === 'reject' ? 'Please give a reason.' : 'Please say which documents are needed.';
    return null;
  };

  const run = async () => {
    try {
      if (kind === 'approve') {
        await decide.mutateAsync({
          kind,
          body: { approved_limit: centavos, terms_days: Number(terms), pdc_note: note.trim() },
        });
      } else if (kind === 'reject') await decide.mutateAsync({ kind, reason: note.trim() });
      else await decide.mutateAsync({ kind, note: note.trim() });
      toast(done[kind], 'success');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
      toast(failure.message, 'error');
    } finally {
      setConfirming(false);
    }
  };

  const summary =
    kind === 'approve'
      ? `Approve a credit limit of ${formatPeso2(centavos)} with ${terms}-day terms?`
      : kind === 'reject'
        ? 'Reject this application?'
        : 'Send this application back to the buyer for more documents?';

  return (
    <Stack gap="sm" component="section" aria-label="Decision">
      <SegmentedControl
        value={kind}
        onChange={(value) => {
          setKind(value as Kind);
          setConfirming(false);
          setError(null);
        }}
        data={[
          { value: 'approve', label: 'Approve' },
          { value: 'reject', label: 'Reject' },
          { value: 'documents', label: 'More documents' },
        ]}
        aria-label="Decision"
        fullWidth
      />
      {kind === 'approve' ? (
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Credit limit (₱)"
            value={limit}
            onChange={setLimit}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            style={{ minWidth: 160 }}
          />
          <NumberInput
            label="Terms (days)"
            value={terms}
            onChange={setTerms}
            min={1}
            max={365}
            allowDecimal={false}
            style={{ minWidth: 120 }}
          />
        </Group>
      ) : null}
      <Textarea
        label={kind === 'approve' ? 'PDC note (optional)' : kind === 'reject' ? 'Reason' : 'Documents needed'}
        withAsterisk={kind !== 'approve'}
        value={note}
        maxLength={500}
        autosize
        minRows={2}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {detail.line && kind === 'approve' ? (
        <Text size="xs" c="dimmed">
          The buyer already has a line of {formatPeso2(detail.line.approved_limit)} ({formatPeso2(detail.line.used)}{' '}
          used); approving sets it to the new limit.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {confirming ? (
        <ConfirmDecision
          title="Please confirm"
          color="yellow"
          confirmColor={kind === 'reject' ? 'red.9' : 'brand'}
          confirmLabel="CONFIRM"
          pending={decide.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run()}
        >
          {summary}
        </ConfirmDecision>
      ) : (
        <Group justify="flex-end">
          <Button
            color={kind === 'reject' ? 'red.9' : undefined}
            onClick={() => {
              const message = problem();
              setError(message);
              if (!message) setConfirming(true);
            }}
          >
            {kind === 'approve' ? 'APPROVE' : kind === 'reject' ? 'REJECT' : 'ASK FOR DOCUMENTS'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
