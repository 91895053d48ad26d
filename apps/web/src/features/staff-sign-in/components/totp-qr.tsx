import { useEffect, useState } from 'react';
import styles from './sign-in.module.css';

type QrModule = typeof import('qrcode');

/** The otpauth:// address as an SVG QR code, drawn in the browser: the key never leaves for another service. */
async function qrSvg(text: string): Promise<string> {
  // A CommonJS package, fetched when first needed: its functions sit on the default export in some bundles.
  const loaded = (await import('qrcode')) as QrModule & { default?: QrModule };
  return (loaded.default ?? loaded).toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The QR code to scan, as an image with its alternative: the key as text is right beside it. */
export function TotpQr({ otpauthUrl }: { otpauthUrl: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    qrSvg(otpauthUrl).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        // Without the picture the key below still sets the app up.
      },
    );
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  if (!src) return <div className={styles.qr} aria-hidden="true" />;
  return (
    <img
      className={styles.qr}
      src={src}
      alt="QR code to scan with your authenticator app (the same key is written out below)"
    />
  );
}
