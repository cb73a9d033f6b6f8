import { curveLinear } from '@visx/curve';
import { LinePath } from '@visx/shape';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';
import { markValue, markValues } from '../markValues';
import { annotationMarkerSize, annotationSpan, type AnnotationXAxis, type CartesianAnnotations, type FormulaLine, type TimeSeriesLine } from './cartesianAnnotations';

export interface AnnotationMarksProps {
  /** `under` draws the interval bands (before the series), `over` the formulas and events. */
  layer: 'under' | 'over';
  annotations: CartesianAnnotations;
  formulaLines: readonly FormulaLine[];
  /** Other charts' time series, drawn like formulas (they are already filtered by the legend). */
  timeSeriesLines: readonly TimeSeriesLine[];
  xAxis: AnnotationXAxis;
  yPosition: (value: number) => number;
  innerHeight: number;
  theme: QuiverTheme;
  /** Layers hidden from the legend. */
  hiddenLabels: ReadonlySet<string>;
}

/** A time-series chart's annotation layers: interval bands under the series, formulas and events over them. */
export function AnnotationMarks(props: AnnotationMarksProps): JSX.Element {
  const { annotations, formulaLines, timeSeriesLines, xAxis, yPosition, innerHeight, theme, hiddenLabels } = props;
  const labelStyle = { fill: theme.colors.text, fontSize: theme.fontSizes.xs, fontFamily: theme.fontFamily };
  if (props.layer === 'under') {
    return (
      <g pointerEvents="none">
        {annotations.intervals.map((interval, index) => {
          const span = annotationSpan(interval, xAxis);
          if (span === null) return null;
          const [left, right] = span;
          return (
            <g key={`${interval.layerName}:${index}`}>
              <rect
                data-testid={testIds.viz.annotation}
                data-kind="interval"
                data-layer={interval.layerName}
                data-start={interval.start}
                data-end={interval.end}
                data-title={interval.title}
                x={left}
                y={0}
                width={Math.max(right - left, 1)}
                height={innerHeight}
                fill={interval.stroke.color}
                fillOpacity={interval.stroke.opacity}
              />
              {interval.showLabel && (
                <text data-testid={testIds.viz.annotationLabel} x={left + 4} y={12} {...labelStyle} fontWeight={600}>
                  {interval.title}
                </text>
              )}
            </g>
          );
        })}
      </g>
    );
  }
  return (
    <g>
      {formulaLines
        .filter((line) => !hiddenLabels.has(line.annotation.name))
        .map(({ annotation, points }) => (
          <LinePath
            key={annotation.name}
            data={[...points]}
            defined={(point) => point.y !== null}
            curve={curveLinear}
            x={(point) => xAxis.position(point.x)}
            y={(point) => yPosition(point.y ?? 0)}
            stroke={annotation.stroke.color}
            strokeWidth={annotation.stroke.width}
            strokeDasharray={annotation.stroke.dashArray}
            strokeOpacity={annotation.stroke.opacity}
            pointerEvents="none"
            data-testid={testIds.viz.annotation}
            data-kind="formula"
            data-layer={annotation.name}
            data-x-values={points.map((point) => markValue(point.x)).join(',')}
            data-values={markValues(points.map((point) => point.y))}
          />
        ))}
      {timeSeriesLines.map(({ annotation, points }) => (
        <g key={`series:${annotation.name}`} pointerEvents="none">
          <LinePath
            data={[...points]}
            defined={(point) => point.y !== null}
            curve={curveLinear}
            x={(point) => xAxis.position(point.x)}
            y={(point) => yPosition(point.y ?? 0)}
            stroke={annotation.stroke.color}
            strokeWidth={annotation.stroke.width}
            strokeDasharray={annotation.stroke.dashArray}
            strokeOpacity={annotation.stroke.opacity}
            data-testid={testIds.viz.annotation}
            data-kind="time-series"
            data-layer={annotation.name}
            data-x-values={points.map((point) => markValue(point.x)).join(',')}
            data-values={markValues(points.map((point) => point.y))}
          />
          {annotation.showMarkers &&
            points.map((point) =>
              point.y === null ? null : (
                <circle
                  key={point.x}
                  data-testid={testIds.viz.annotation}
                  data-kind="time-series-marker"
                  data-layer={annotation.name}
                  cx={xAxis.position(point.x)}
                  cy={yPosition(point.y)}
                  r={annotationMarkerSize / 2}
                  fill={annotation.stroke.color}
                  fillOpacity={annotation.stroke.opacity}
                />
              ),
            )}
        </g>
      ))}
      {annotations.events.map((event, index) => {
        const span = annotationSpan(event, xAxis);
        if (span === null) return null;
        const [x] = span;
        return (
          <g key={`${event.layerName}:${index}`} pointerEvents="none">
            <line
              data-testid={testIds.viz.annotation}
              data-kind="event"
              data-layer={event.layerName}
              data-start={event.start}
              data-title={event.title}
              x1={x}
              x2={x}
              y1={0}
              y2={innerHeight}
              stroke={event.stroke.color}
              strokeWidth={event.stroke.width}
              strokeDasharray={event.stroke.dashArray}
              strokeOpacity={event.stroke.opacity}
            />
            {event.showLabel && (
              <text data-testid={testIds.viz.annotationLabel} x={x + 4} y={12} {...labelStyle}>
                {event.title}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
