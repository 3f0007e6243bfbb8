import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import {
  type CreditFileField,
  creditFileAllowsPdf,
  creditFileLabels,
  creditFileMaxBytes,
  messages,
  type StoredCreditFile,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import * as rpaf from '../../../lib/endpoints/rpaf.ts';
import { toast } from '../../../lib/toast.ts';
import { useUploadFiles } from '../api.ts';

function size(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * One of the ten application files (spec 3 §3): labelled with the 3 MB limit, uploaded as soon as it is chosen
 * with a progress bar; the server judges it by content. What is saved shows under the field.
 */
export function FileField({ field, stored }: { field: CreditFileField; stored: StoredCreditFile | undefined }) {
  const upload = useUploadFiles();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const label = `${creditFileLabels[field]} (max 3MB)`;
  const pdf = creditFileAllowsPdf(field);

  const choose = async (file: File | null) => {
    setChosen(file);
    setError(null);
    if (!file) return;
    if (file.size > creditFileMaxBytes) {
      setError(messages.fileOverLimit);
      return;
    }
    setProgress(0);
    try {
      await upload(rpaf.saveFiles, { [field]: file }, setProgress);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fields?.[field] ?? failure.message);
      toast(words.filesError, 'error');
    } finally {
      setProgress(null);
      setChosen(null);
    }
  };

  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        description={pdf ? 'PNG, JPEG or PDF' : 'PNG or JPEG'}
        placeholder={stored ? 'Replace file' : 'Choose file'}
        accept={pdf ? 'image/png,image/jpeg,application/pdf' : 'image/png,image/jpeg'}
        leftSection={<IconUpload size={16} aria-hidden />}
        value={chosen}
        error={error}
        clearable={false}
        disabled={progress !== null}
        onChange={(file) => void choose(file)}
      />
      {progress !== null ? (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={`${creditFileLabels[field]} upload progress`}
          animated
        />
      ) : null}
      {stored && progress === null ? (
        <Text size="xs" c="green.9">
          <IconCheck size={12} aria-hidden /> Saved: {stored.name} ({size(stored.size)})
        </Text>
      ) : null}
    </Stack>
  );
}
