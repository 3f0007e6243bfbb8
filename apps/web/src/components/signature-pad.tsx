import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';

export interface SignaturePadProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** Called with true after the first stroke and false after CLEAR. */
  onInk: (hasInk: boolean) => void;
  error?: string | null;
}

const WIDTH = 600;
const HEIGHT = 200;

/** A signature pad (spec 2 Profile: e-signature): draw with a mouse, pen or finger; CLEAR starts over. */
export function SignaturePad({ canvasRef, onInk, error }: SignaturePadProps) {
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, [canvasRef]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * WIDTH,
      y: ((event.clientY - rect.top) / rect.height) * HEIGHT,
    };
  };

  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    last.current = point(event);
  };

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const next = point(event);
    context.beginPath();
    context.moveTo(last.current.x, last.current.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    last.current = next;
    onInk(true);
  };

  const up = () => {
    drawing.current = false;
    last.current = null;
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    onInk(false);
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="signature-label">
        Signature{' '}
        <Text span c="red.6" aria-hidden inherit>
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed" mt={-6}>
        Sign inside the box.
      </Text>
      <Box
        maw={WIDTH}
        w="100%"
        style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8 }}
        bg="white"
      >
        <canvas
          ref={canvasRef}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-labelledby="signature-label"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          style={{
            width: '100%',
            height: 'auto',
            aspectRatio: `${WIDTH} / ${HEIGHT}`,
            touchAction: 'none',
            display: 'block',
            cursor: 'crosshair',
          }}
        />
      </Box>
      <Group>
        <Button variant="default" size="compact-sm" onClick={clear}>
          CLEAR SIGNATURE
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
