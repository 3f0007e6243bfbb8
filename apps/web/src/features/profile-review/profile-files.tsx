import { Anchor, Image, Stack, Text } from '@mantine/core';
import type { ProfileFileKind } from '@tibay/contract';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useProfileFile } from './api.ts';

/** The stored file's name: it changes with every upload, so it versions the cached copy. */
function versionOf(url: string | null): string | null {
  return url ? (url.split('/').pop() ?? url) : null;
}

/**
 * One of the customer's private files, read with the admin cookie: an image is shown; a PDF (BIR 2303) is a link
 * that opens or downloads it.
 */
export function ReviewFile({
  userId,
  kind,
  url,
  label,
}: {
  userId: number;
  kind: ProfileFileKind;
  url: string | null;
  label: string;
}) {
  const file = useProfileFile(userId, kind, versionOf(url));
  const src = useObjectUrl(file.data);
  let body: React.ReactNode;
  if (!url) body = <Text c="dimmed">None on file.</Text>;
  else if (file.isError) body = <Text c="red">This file could not be loaded.</Text>;
  else if (!src || !file.data) body = <Text c="dimmed">Loading...</Text>;
  else if (file.data.type === 'application/pdf') {
    body = (
      <Anchor href={src} target="_blank" rel="noopener" download={`bir-2303-${userId}.pdf`}>
        Open the {label} (PDF)
      </Anchor>
    );
  } else {
    body = (
      <Anchor href={src} target="_blank" rel="noopener" aria-label={`Open the ${label} full size`}>
        <Image
          src={src}
          alt={label}
          maw={360}
          mah={240}
          fit="contain"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
          bg="white"
        />
      </Anchor>
    );
  }
  return (
    <Stack gap={4} component="section" aria-label={label}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {body}
    </Stack>
  );
}
