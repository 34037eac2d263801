import { CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { cameraProblemOf, createBarcodeReader, openCamera, type CameraProblem } from '../../lib/barcode-detector';

/** How often a frame is read: often enough to feel instant, rare enough to leave a phone's CPU to the till. */
const READ_EVERY_MS = 150;
/** A code that found no product is not reported again while it stays in view. */
const SAME_CODE_QUIET_MS = 2500;

const PROBLEM_TEXT: Record<CameraProblem, MessageKey> = {
  denied: 'pos.cameraDenied',
  missing: 'pos.cameraMissing',
  insecure: 'pos.cameraInsecure',
  busy: 'pos.cameraBusy',
  failed: 'pos.cameraFailed',
};

interface CameraScanDialogProps {
  /** A code was read; true when it found a product (added to the cart, so the dialog closes). */
  onCode: (code: string) => boolean;
  onClose: () => void;
}

/**
 * Scans with the camera (issue 31 item 7): reads EAN-13, CODE128 and QR codes from the live picture
 * and hands each to the same lookup a keyboard-wedge scan uses. A code of no product is said here and
 * scanning goes on; the camera is released when the dialog closes.
 */
export function CameraScanDialog({ onCode, onClose }: CameraScanDialogProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [ready, setReady] = useState(false);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  // The latest handler without restarting the camera when the screen re-renders.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastUnknown = { code: '', at: 0 };

    const start = async () => {
      try {
        const [camera, reader] = await Promise.all([openCamera(), createBarcodeReader()]);
        stream = camera;
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = camera;
        await video.play();
        setReady(true);
        const read = async () => {
          if (stopped) return;
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const codes = await reader.detect(video).catch(() => []);
            const code = codes.map((c) => c.rawValue.trim()).find((c) => c !== '');
            if (stopped) return;
            if (code !== undefined) {
              // One product per opening: the dialog closes with it, and no later frame adds it again.
              if (onCodeRef.current(code)) {
                stopped = true;
                return;
              }
              const now = Date.now();
              if (code !== lastUnknown.code || now - lastUnknown.at > SAME_CODE_QUIET_MS) setUnknownCode(code);
              lastUnknown = { code, at: now };
            }
          }
          timer = setTimeout(() => void read(), READ_EVERY_MS);
        };
        void read();
      } catch (error) {
        if (!stopped) setProblem(cameraProblemOf(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg" data-testid="camera-scan-dialog">
        <DialogHeader>
          <DialogTitle>{t('pos.scan')}</DialogTitle>
          <DialogDescription>{t('pos.cameraHint')}</DialogDescription>
        </DialogHeader>
        {problem ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <CameraOff className="mt-0.5 size-5 shrink-0" aria-hidden />
            <p>{t(PROBLEM_TEXT[problem])}</p>
          </div>
        ) : (
          <div className="space-y-2">
            <div className="relative overflow-hidden rounded-lg bg-slate-900">
              <video
                ref={videoRef}
                muted
                playsInline
                aria-label={t('pos.cameraView')}
                className="aspect-video w-full object-cover"
              />
              {/* Where to hold the code: a guide, not a limit (the whole picture is read). */}
              <div
                aria-hidden
                className="pointer-events-none absolute inset-x-[12%] inset-y-[28%] rounded-md border-2 border-white/80"
              />
            </div>
            <p role="status" className="text-sm text-slate-700">
              {!ready
                ? t('pos.cameraStarting')
                : unknownCode !== null
                  ? t('pos.codeNotFound', { code: unknownCode })
                  : t('pos.cameraLooking')}
            </p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
