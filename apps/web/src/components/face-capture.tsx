import { Alert, AspectRatio, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { faceCapture } from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';

export interface FaceCaptureProps {
  /** The captured picture (PNG, 1280x720), or null after RETAKE. */
  onCapture: (picture: Blob | null) => void;
  error?: string | null;
}

function stopStream(stream: { current: MediaStream | null }) {
  for (const track of stream.current?.getTracks() ?? []) track.stop();
  stream.current = null;
}

/** The video shows a frame that can be drawn: its data has loaded and its size is known. */
function hasFrame(video: HTMLVideoElement): boolean {
  return video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0;
}

function cameraProblem(error: unknown): string {
  const name = (error as DOMException | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was denied. Please allow the camera for this site in your browser settings, then press START CAMERA again.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'No camera could be used. Please connect a camera (or close other apps using it) and press START CAMERA again.';
  }
  return 'The camera could not be started. Please try again.';
}

/**
 * Face verification from the webcam (spec 2 Profile: capture size 1280x720): START CAMERA asks for the camera,
 * CAPTURE takes a 1280x720 PNG frame, RETAKE starts over. A denied or missing camera is said plainly.
 * CAPTURE is enabled only once the video shows its first frame (a camera takes a moment to deliver one).
 */
export function FaceCapture({ onCapture, error }: FaceCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // starting: asking for the camera, then waiting for its first frame; live: a frame is showing.
  const [state, setState] = useState<'idle' | 'starting' | 'live' | 'captured'>('idle');
  const [streaming, setStreaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const stop = () => stopStream(stream);
  useEffect(() => () => stopStream(stream), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const start = async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('This browser cannot use a camera. Please open this page in a current browser with a camera.');
      return;
    }
    setState('starting');
    setStreaming(false);
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: faceCapture.width }, height: { ideal: faceCapture.height }, facingMode: 'user' },
        audio: false,
      });
      stream.current = media;
      // The effect below attaches the stream; the video's frame events then make it live.
      setStreaming(true);
    } catch (failure) {
      setState('idle');
      setProblem(cameraProblem(failure));
    }
  };

  // The video element mounts with the starting state: attach the stream once both are there.
  useEffect(() => {
    const element = video.current;
    if (state !== 'starting' || !streaming || !element || !stream.current) return;
    if (element.srcObject !== stream.current) {
      element.srcObject = stream.current;
      void element.play().catch(() => undefined);
    }
    if (hasFrame(element)) setState('live');
  }, [state, streaming]);

  /** loadeddata, playing, resize or timeupdate: the first frame may be there now. */
  const onFrame = () => {
    if (state === 'starting' && stream.current && video.current && hasFrame(video.current)) setState('live');
  };

  const capture = () => {
    const source = video.current;
    if (!source || !hasFrame(source)) {
      setProblem('The camera is still starting. Please wait a moment and press CAPTURE again.');
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = faceCapture.width;
    canvas.height = faceCapture.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    // Fill 1280x720, cropping the frame's centre when its shape differs.
    const scale = Math.max(canvas.width / source.videoWidth, canvas.height / source.videoHeight);
    const width = source.videoWidth * scale;
    const height = source.videoHeight * scale;
    context.drawImage(source, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
    canvas.toBlob((blob) => {
      if (!blob) {
        setProblem('The photo could not be taken. Please press CAPTURE again.');
        return;
      }
      stop();
      setStreaming(false);
      setProblem(null);
      setPreview(URL.createObjectURL(blob));
      setState('captured');
      onCapture(blob);
    }, 'image/png');
  };

  const retake = () => {
    setPreview(null);
    onCapture(null);
    void start();
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Face verification{' '}
        <Text span c="red.6" aria-hidden inherit>
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed" mt={-6}>
        Face the camera in good light, then press CAPTURE.
      </Text>
      <Box maw={480} w="100%">
        <AspectRatio ratio={16 / 9}>
          {state === 'captured' && preview ? (
            <Image src={preview} alt="Your captured face photo" radius="md" />
          ) : state === 'live' || state === 'starting' ? (
            <video
              ref={video}
              muted
              playsInline
              aria-label="Camera preview"
              onLoadedData={onFrame}
              onPlaying={onFrame}
              onResize={onFrame}
              onTimeUpdate={onFrame}
              style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 8, background: '#111' }}
            />
          ) : (
            <Box
              bg="gray.1"
              style={{ borderRadius: 8, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <IconCamera size={48} color="var(--mantine-color-gray-5)" aria-hidden />
            </Box>
          )}
        </AspectRatio>
      </Box>
      <Group gap="sm">
        {state === 'idle' ? (
          <Button variant="light" leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void start()}>
            START CAMERA
          </Button>
        ) : null}
        {state === 'live' || state === 'starting' ? (
          <Button onClick={capture} disabled={state === 'starting'}>
            CAPTURE
          </Button>
        ) : null}
        {state === 'captured' ? (
          <Button variant="default" onClick={retake}>
            RETAKE
          </Button>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" title="Camera">
          {problem}
        </Alert>
      ) : null}
      {error && !problem ? (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
