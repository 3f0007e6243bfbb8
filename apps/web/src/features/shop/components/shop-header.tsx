import { Avatar, Badge, Box, Button, Flex, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconMessageCircle } from '@tabler/icons-react';
import { formatCount, type SellerCompany } from '@tibay/contract';
import { Link } from 'react-router';
import { SizedImage } from '../../../components/sized-image.tsx';
import classes from './shop-header.module.css';

/**
 * The shop header: banner, logo, name, location, product count, Message (opens /ChatSeller) and the About text,
 * collapsed beyond 3 lines (View More... / View Less).
 */
export function ShopHeader({ seller, brand }: { seller: SellerCompany; brand?: string }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Box className={classes.banner}>
        {seller.seller_banner_img ? (
          <SizedImage
            use="banner"
            src={seller.seller_banner_img}
            sizes="(min-width: 75em) 1200px, 100vw"
            fetchPriority="high"
            alt=""
            style={{ height: '100%' }}
          />
        ) : null}
      </Box>
      <Box px={{ base: 'md', sm: 'lg' }} pb="lg">
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'flex-start', sm: 'flex-end' }}
          gap={{ base: 'xs', sm: 'md' }}
          className={classes.identity}
        >
          <Avatar
            src={seller.seller_logo}
            alt={`${seller.seller_name} logo`}
            size={96}
            radius="md"
            className={classes.logo}
            color="brand"
          >
            {seller.seller_name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }} pb={4}>
            {brand ? (
              <Badge color="brand" variant="filled" size="sm">
                {brand}
              </Badge>
            ) : null}
            <Title order={1} fz={{ base: 20, sm: 26 }} lh={1.2}>
              {seller.seller_name}
            </Title>
          </Stack>
        </Flex>
        <Group justify="space-between" align="flex-start" mt="sm" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconMapPin
                size={16}
                aria-hidden
                color="var(--mantine-color-gray-6)"
                style={{ flex: 'none', marginTop: 2 }}
              />
              <Text size="sm" c="dimmed">
                {seller.address || seller.location}
              </Text>
            </Group>
            <Text size="sm" fw={600}>
              {formatCount(seller.product_count)} {seller.product_count === 1 ? 'Product' : 'Products'}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={`/ChatSeller?seller=${seller.id}`}
            leftSection={<IconMessageCircle size={18} aria-hidden />}
          >
            Message
          </Button>
        </Group>
        {seller.seller_description ? (
          <Box mt="md">
            <Text component="h2" fw={700} size="sm" tt="uppercase" mb={4}>
              About
            </Text>
            <Spoiler maxHeight={66} showLabel="View More..." hideLabel="View Less" className={classes.about}>
              {/* The About text is sanitized on the server before it is stored (DESIGN.md, Data rules). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized seller HTML */}
              <div className={classes.aboutText} dangerouslySetInnerHTML={{ __html: seller.seller_description }} />
            </Spoiler>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
