import type { JSX } from 'react';
import { useTheme } from 'styled-components';

/** A small drawing per gallery category: a grid, a line, a pie, bars, dots, arrows or a number. */
export function VizTypeThumbnail({ category }: { category: string }): JSX.Element {
  const theme = useTheme();
  const stroke = theme.colors.primary.base;
  const fill = theme.colors.primary.light[2] ?? stroke;
  const muted = theme.colors.border;
  return (
    <svg viewBox="0 0 64 40" width="64" height="40" aria-hidden focusable="false">
      {drawing(category, { stroke, fill, muted, text: theme.colors.text })}
    </svg>
  );
}

interface ThumbnailColors {
  stroke: string;
  fill: string;
  muted: string;
  text: string;
}

function drawing(category: string, colors: ThumbnailColors): JSX.Element {
  const { stroke, fill, muted, text } = colors;
  switch (category) {
    case 'Table':
      return (
        <g stroke={muted} fill="none">
          <rect x="6" y="4" width="52" height="32" stroke={stroke} />
          {[12, 20, 28].map((y) => (
            <line key={y} x1="6" x2="58" y1={y} y2={y} />
          ))}
          <line x1="24" x2="24" y1="4" y2="36" />
          <line x1="42" x2="42" y1="4" y2="36" />
        </g>
      );
    case 'Evolution':
      return (
        <g fill="none" strokeWidth="2">
          <polyline points="4,32 16,22 28,26 40,12 52,16 60,6" stroke={stroke} />
          <polyline points="4,36 16,30 28,33 40,24 52,28 60,20" stroke={fill} />
        </g>
      );
    case 'Part of a Whole':
      return (
        <g>
          <circle cx="32" cy="20" r="16" fill={fill} />
          <path d="M32 20 L32 4 A16 16 0 0 1 47.2 25 Z" fill={stroke} />
        </g>
      );
    case 'Distribution':
      return (
        <g fill={fill} stroke={stroke}>
          {[
            [8, 26],
            [18, 14],
            [28, 6],
            [38, 12],
            [48, 24],
          ].map(([x = 0, y = 0]) => (
            <rect key={x} x={x} y={y} width="8" height={36 - y} />
          ))}
        </g>
      );
    case 'Correlation':
      return (
        <g fill={stroke}>
          {[
            [10, 30, 3],
            [20, 24, 5],
            [30, 20, 3],
            [40, 14, 6],
            [52, 8, 4],
          ].map(([x = 0, y = 0, r = 0]) => (
            <circle key={x} cx={x} cy={y} r={r} opacity={0.8} />
          ))}
        </g>
      );
    case 'Ranking':
      return (
        <g fill="none" stroke={stroke}>
          <polygon points="32,4 50,16 44,36 20,36 14,16" stroke={muted} />
          <polygon points="32,10 44,18 40,30 24,32 20,18" fill={fill} />
        </g>
      );
    case 'Flow':
      return (
        <g fill="none" stroke={stroke} strokeWidth="2">
          <path d="M6 10 C 30 10, 30 30, 58 30" />
          <path d="M6 30 C 30 30, 30 10, 58 10" stroke={fill} />
        </g>
      );
    case 'KPI':
      return (
        <text x="32" y="27" textAnchor="middle" fontSize="18" fontWeight="700" fill={text}>
          123
        </text>
      );
    default:
      return <rect x="8" y="8" width="48" height="24" fill={fill} stroke={stroke} />;
  }
}
