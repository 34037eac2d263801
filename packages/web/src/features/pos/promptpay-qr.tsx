import { promptPayPayload } from '@pos/core';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';

/** The QR image size in CSS pixels (drawn at twice that for sharp phones and printers). */
const QR_SIZE = 240;

interface PromptPayQrProps {
  promptpayId: string;
  amountSatang: number;
  /** The payload could not be built or drawn (spec 000 §8 "QR creation failed"). */
  onError: () => void;
}

/** A PromptPay QR for the amount due, generated locally from the id (spec 000 §9). */
export function PromptPayQr({ promptpayId, amountSatang, onError }: PromptPayQrProps) {
  const t = useT();
  const [image, setImage] = useState<{ payload: string; url: string } | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  let payload: string | null = null;
  try {
    payload = promptPayPayload(promptpayId, amountSatang);
  } catch {
    payload = null;
  }

  useEffect(() => {
    if (payload === null) {
      onErrorRef.current();
      return;
    }
    let cancelled = false;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: QR_SIZE * 2 })
      .then((url) => {
        if (!cancelled) setImage({ payload, url });
      })
      .catch(() => {
        if (!cancelled) onErrorRef.current();
      });
    return () => {
      cancelled = true;
    };
  }, [payload]);

  if (!image || image.payload !== payload) {
    return (
      <div role="status" className="relative">
        <Skeleton className="size-60 rounded-lg" />
        <span className="sr-only">{t('payment.qrGenerating')}</span>
      </div>
    );
  }
  return (
    <img
      src={image.url}
      alt={t('payment.qrAlt')}
      width={QR_SIZE}
      height={QR_SIZE}
      data-testid="promptpay-qr"
      data-payload={image.payload}
      className="size-60 rounded-lg border border-slate-200 bg-white [image-rendering:pixelated]"
    />
  );
}
