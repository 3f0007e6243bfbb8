import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { shopBannerMaxBytes, shopProfileInput } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { sellerKeys, uploadShopBanner, useSaveShopProfile, useShopProfile } from './api.ts';

/** /seller-center/shop: the shop's description and phone, and its banner (with the logo from the registration). */
export default function ShopProfilePage() {
  const profile = useShopProfile();
  const save = useSaveShopProfile();
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [bannerError, setBannerError] = useState<string | null>(null);
  const loaded = profile.data;
  useEffect(() => {
    if (!loaded) return;
    setDescription(loaded.description);
    setPhone(loaded.phone ?? '');
  }, [loaded]);
  useEffect(() => {
    document.title = 'Shop profile | Seller Center | Tibay';
  }, []);

  if (profile.isPending) return <Skeleton h={320} aria-label="Loading..." />;
  if (profile.isError) {
    return (
      <Alert color="red" role="alert">
        {profile.error.message}
      </Alert>
    );
  }
  const shop = profile.data;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = shopProfileInput.safeParse({ description, phone });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast('Shop profile saved.', 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fields ?? {});
      toast(error.message, 'error');
    }
  };

  const pickBanner = async (file: File | null) => {
    if (!file) return;
    setBannerError(null);
    if (file.size > shopBannerMaxBytes) {
      setBannerError('The banner must be 3 MB or smaller.');
      return;
    }
    setProgress(0);
    try {
      const updated = await uploadShopBanner(file, setProgress);
      client.setQueryData(sellerKeys.shopProfile, updated);
      toast('Banner uploaded.', 'success');
    } catch (error) {
      setBannerError(error instanceof ApiError ? error.message : 'The banner could not be uploaded.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Shop profile
        </Title>
        <Anchor href={`/shop/${shop.url_handle}`} target="_blank">
          View your shop page
        </Anchor>
      </Group>
      <Card withBorder component="section" aria-labelledby="banner-title" id="banner">
        <Stack gap="sm">
          <Title order={2} size="h4" id="banner-title">
            Banner
          </Title>
          {shop.banner_url ? (
            <Image src={shop.banner_url} alt="Shop banner" h={160} fit="cover" radius="md" />
          ) : (
            <Text
              c="dimmed"
              size="sm"
              p="lg"
              ta="center"
              bd="1px dashed var(--mantine-color-gray-5)"
              style={{ borderRadius: 8 }}
            >
              No banner yet. A wide picture (for example 1600 × 400) of your store, your stock or your trucks.
            </Text>
          )}
          <Group gap="sm">
            <FileButton onChange={(file) => void pickBanner(file)} accept="image/png,image/jpeg">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={progress !== null}
                >
                  {shop.banner_url ? 'Change banner' : 'Upload banner'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              PNG or JPEG, 3 MB at most.
            </Text>
          </Group>
          {progress !== null ? <Progress value={progress} aria-label="Banner upload progress" /> : null}
          {bannerError ? (
            <Text c="red.8" size="sm" role="alert">
              {bannerError}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="details-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              {shop.logo_url ? <Image src={shop.logo_url} alt="Shop logo" w={64} h={64} fit="contain" /> : null}
              <Title order={2} size="h4" id="details-title">
                {shop.name}
              </Title>
            </Group>
            <Textarea
              label="Description"
              description="What you sell and where you deliver. Shown on your shop page's About."
              withAsterisk
              autosize
              minRows={4}
              maxLength={2000}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errors.description}
            />
            <TextInput
              label="Shop phone"
              description="For example 09171234567."
              withAsterisk
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              error={errors.phone}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                SAVE
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
