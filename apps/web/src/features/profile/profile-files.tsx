import { Anchor, Image, Text } from '@mantine/core';
import type { ProfileFileKind } from '@tibay/contract';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useProfileFile } from './api.ts';

/** The stored file's name: it changes with every upload, so it versions the cached copy. */
export function versionOf(url: string | null): string | null {
  return url ? (url.split('/').pop() ?? url) : null;
}

/** A stored face capture or signature, read with the session (they are private files). */
export function StoredImage({ kind, url, alt }: { kind: ProfileFileKind; url: string | null; alt: string }) {
  const file = useProfileFile(kind, versionOf(url));
  const src = useObjectUrl(file.data);
  if (!url) return <Text c="dimmed">None on file yet.</Text>;
  if (file.isError) return <Text c="dimmed">This file could not be loaded.</Text>;
  if (!src) return <Text c="dimmed">Loading...</Text>;
  return <Image src={src} alt={alt} maw={360} radius="sm" bd="1px solid var(--mantine-color-gray-3)" bg="white" />;
}

/** The stored BIR 2303: a link that opens it (an image or a PDF) in a new tab. */
export function StoredCertificate({ url }: { url: string | null }) {
  const file = useProfileFile('bir2303', versionOf(url));
  const href = useObjectUrl(file.data);
  if (!url) return <Text c="dimmed">No BIR 2303 uploaded yet.</Text>;
  if (!href) return <Text c="dimmed">Loading...</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener">
      View BIR 2303 certificate
    </Anchor>
  );
}
