import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from './ui/skeleton';

/** A QR code of `payload`, drawn in the browser at twice its size for sharp screens; `label` names it. */
export function QrCodeImage({ payload, label, size = 260 }: { payload: string; label: string; size?: number }) {
  const [image, setImage] = useState<{ payload: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 })
      .then((url) => {
        if (!cancelled) setImage({ payload, url });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [payload, size]);
  if (!image || image.payload !== payload) return <Skeleton style={{ width: size, height: size }} />;
  return <img src={image.url} alt={label} width={size} height={size} className="rounded-lg bg-white" />;
}
