import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  messages,
  productImageMaxBytes,
  productMaxImages,
  productMaxVideos,
  productVideoMaxBytes,
  type SellerProduct,
  sellerCenterMessages,
} from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import {
  addVideoUrl,
  arrangeImages,
  removeImage,
  removeVideo,
  sellerKeys,
  uploadProductImage,
  uploadProductVideo,
} from '../api.ts';

interface Upload {
  name: string;
  percent: number;
}

function useRefresh(productId: number) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: sellerKeys.product(productId) });
    void client.invalidateQueries({ queryKey: sellerKeys.productLists });
  };
}

function failed(error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  toast(error.message, 'error');
}

/** Photos: upload with progress, choose the thumbnail (a radio group), move left or right, remove. */
export function ImagesPanel({ product }: { product: SellerProduct }) {
  const refresh = useRefresh(product.id);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const images = product.images;

  const upload = async (files: File[]) => {
    setError(null);
    const room = productMaxImages - images.length;
    if (files.length > room) {
      setError(sellerCenterMessages.tooManyImages.replace('{n}', String(productMaxImages)));
      files = files.slice(0, Math.max(0, room));
    }
    for (const file of files) {
      if (file.size > productImageMaxBytes) {
        setError(`${file.name}: ${messages.imageTooLarge}`);
        continue;
      }
      setUploads((list) => [...list, { name: file.name, percent: 0 }]);
      try {
        await uploadProductImage(product.id, file, (percent) =>
          setUploads((list) => list.map((u) => (u.name === file.name ? { ...u, percent } : u))),
        );
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        setError(`${file.name}: ${caught.message}`);
      } finally {
        setUploads((list) => list.filter((u) => u.name !== file.name));
      }
    }
    await refresh();
  };

  const move = async (index: number, by: number) => {
    const order = images.map((image) => image.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    await arrangeImages(product.id, { order }).then(refresh, failed);
  };

  const thumbnail = images.find((image) => image.is_thumbnail)?.id;

  return (
    <Stack gap="sm">
      <Group>
        <FileButton onChange={(files) => void upload(files)} accept="image/png,image/jpeg,image/webp" multiple>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={images.length >= productMaxImages}
            >
              UPLOAD PHOTOS
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PNG, JPEG or WebP, up to 3 MB each, at most {productMaxImages}.
        </Text>
      </Group>
      {uploads.map((u) => (
        <Stack key={u.name} gap={2}>
          <Text size="xs">Uploading {u.name}</Text>
          <Progress value={u.percent} aria-label={`Uploading ${u.name}`} striped animated />
        </Stack>
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          No photos yet.
        </Text>
      ) : (
        <Radio.Group
          label="Thumbnail"
          description="The photo buyers see first"
          value={thumbnail ? String(thumbnail) : null}
          onChange={(value) => void arrangeImages(product.id, { thumbnail_id: Number(value) }).then(refresh, failed)}
        >
          <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" mt="xs">
            {images.map((image, index) => (
              <Card key={image.id} withBorder padding={6}>
                <Card.Section>
                  <Image src={image.url} alt={`Photo ${index + 1}`} h={110} fit="cover" />
                </Card.Section>
                <Group justify="space-between" mt={6} gap={4} wrap="wrap">
                  <Radio value={String(image.id)} label={`Photo ${index + 1}`} size="xs" />
                  {image.is_thumbnail && (
                    <Badge size="xs" variant="light">
                      Thumbnail
                    </Badge>
                  )}
                </Group>
                <Group justify="space-between" mt={4} gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move photo ${index + 1} left`}
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <IconArrowLeft size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move photo ${index + 1} right`}
                    disabled={index === images.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <IconArrowRight size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => void removeImage(product.id, image.id).then(refresh, failed)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** Videos: a link (https) or an MP4/WebM upload with progress. */
export function VideosPanel({ product }: { product: SellerProduct }) {
  const refresh = useRefresh(product.id);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const full = product.videos.length >= productMaxVideos;

  const addLink = async (event: React.FormEvent) => {
    event.preventDefault();
    setUrlError(null);
    try {
      await addVideoUrl(product.id, url.trim());
      setUrl('');
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setUrlError(error.fields?.url ?? error.message);
    }
  };

  const uploadVideo = async (file: File | null) => {
    if (!file) return;
    if (file.size > productVideoMaxBytes) {
      toast(sellerCenterMessages.videoTooLarge, 'error');
      return;
    }
    setProgress(0);
    try {
      await uploadProductVideo(product.id, file, setProgress);
      await refresh();
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="sm">
      <form onSubmit={addLink} noValidate>
        <Group align="end" wrap="wrap" gap="sm">
          <TextInput
            label="Video link"
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={urlError}
            w={{ base: '100%', sm: 360 }}
            disabled={full}
          />
          <Button type="submit" variant="light" disabled={full || !url.trim()}>
            ADD LINK
          </Button>
          <FileButton onChange={(file) => void uploadVideo(file)} accept="video/mp4,video/webm">
            {(props) => (
              <Button {...props} variant="outline" leftSection={<IconUpload size={16} aria-hidden />} disabled={full}>
                UPLOAD VIDEO
              </Button>
            )}
          </FileButton>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        MP4 or WebM up to 20 MB, at most {productMaxVideos} videos.
      </Text>
      {progress !== null && <Progress value={progress} aria-label="Uploading video" striped animated />}
      {product.videos.length === 0 ? (
        <Text size="sm" c="dimmed">
          No videos yet.
        </Text>
      ) : (
        <Stack gap={4}>
          {product.videos.map((video, index) => (
            <Group key={video.id} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate component="a" href={video.url} target="_blank" rel="noreferrer" miw={0}>
                {video.url}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove video ${index + 1}`}
                onClick={() => void removeVideo(product.id, video.id).then(refresh, failed)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
