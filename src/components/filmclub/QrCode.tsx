/**
 * A ticket's QR code as SVG, drawn from the module matrix the qrcode library computes: no
 * HTML strings, no data URLs. Rendered large with a quiet zone, so a door scanner reads it
 * from a phone screen.
 */
import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y += 1)
      for (let x = 0; x < modules.size; x += 1) if (modules.get(x, y)) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    return { size: modules.size + QUIET_ZONE * 2, path: d };
  }, [value]);
  return (
    <svg className="fc-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
