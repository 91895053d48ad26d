import { useEffect, useState } from 'react';
import styles from './sign-in.module.css';

/**
 * The otpauth:// address as an SVG QR code, drawn in the browser: the key never leaves for another service.
 * The drawer (an ES module: a CommonJS one made the bundler add a runtime file to every page) is fetched when first
 * needed.
 */
async function qrSvg(text: string): Promise<string> {
  const { renderSVG } = await import('uqr');
  return renderSVG(text, { ecc: 'M', border: 1 });
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
