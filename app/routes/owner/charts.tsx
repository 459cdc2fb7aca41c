// The reports' charts: plain SVG drawn on the server, no script. The arithmetic is a linear scale with round ticks
// (a few lines, so no chart library). Each chart is hidden from screen readers: the table beside it says the same.
import type { ReactNode } from "react";

const WIDTH = 340;

/**
 * Round steps for an axis from 0 to about `max`: 1, 2, 5, 10, 20, 50 … With `whole`, never below 1: a count
 * of requests or visitors has no "0.5".
 */
export function ticks(max: number, count = 4, whole = false): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const round = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power) || 1;
  const step = whole ? Math.max(1, round) : round;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}

function Frame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      className="block max-w-xl text-soot-950"
      fontSize="11"
      fontFamily="inherit"
    >
      {children}
    </svg>
  );
}

type Series = { values: (number | null)[]; className: string };

/** Bars per week (one series, or two side by side), a y axis with round ticks, and an optional dashed goal line. */
export function WeekBars({
  labels,
  series,
  goal,
  unit = "",
}: {
  labels: string[];
  series: Series[];
  goal?: { value: number; label: string };
  unit?: string;
}) {
  const height = 190;
  const left = 30;
  const top = 12;
  const bottom = 34;
  const plotH = height - top - bottom;
  const plotW = WIDTH - left - 4;
  const values = [goal?.value ?? 0, ...series.flatMap((s) => s.values.map((v) => v ?? 0))];
  // Whole numbers only (counts) take whole ticks; hours may be halves.
  const axis = ticks(Math.max(...values), 4, values.every(Number.isInteger));
  const yMax = axis.at(-1) ?? 1;
  const y = (v: number) => top + plotH - (v / yMax) * plotH;
  const band = plotW / labels.length;
  const barW = (band * 0.7) / series.length;
  return (
    <Frame height={height}>
      {axis.map((t) => (
        <g key={t}>
          <line x1={left} x2={WIDTH - 4} y1={y(t)} y2={y(t)} className="stroke-mortar-200" />
          <text x={left - 4} y={y(t) + 4} textAnchor="end" className="fill-soot-800">
            {t}
            {unit}
          </text>
        </g>
      ))}
      {series.map((s, si) =>
        s.values.map((v, i) =>
          v === null ? null : (
            <rect
              key={`${si}-${i}`}
              x={left + i * band + band * 0.15 + si * barW}
              y={y(v)}
              width={barW}
              height={Math.max(0, top + plotH - y(v))}
              className={s.className}
            />
          ),
        ),
      )}
      {goal && (
        <g>
          <line
            x1={left}
            x2={WIDTH - 4}
            y1={y(goal.value)}
            y2={y(goal.value)}
            strokeDasharray="5 3"
            strokeWidth="2"
            className="stroke-brick-700"
          />
          <title>{goal.label}</title>
        </g>
      )}
      {labels.map((l, i) =>
        // Every other week is labelled: twelve dates do not fit side by side on a phone.
        i % 2 === labels.length % 2 ? null : (
          <text
            key={l}
            // The last date ends at the right edge instead of running past it.
            x={i === labels.length - 1 ? WIDTH - 2 : left + i * band + band / 2}
            y={height - bottom + 16}
            textAnchor={i === labels.length - 1 ? "end" : "middle"}
            className="fill-soot-800"
          >
            {l}
          </text>
        ),
      )}
    </Frame>
  );
}

/** One horizontal bar per category, its name above it and its count (or `format`ted value) at its end. */
export function CategoryBars({
  rows,
  format = String,
  labelRoom = 40,
}: {
  rows: { label: string; count: number }[];
  format?: (count: number) => string;
  /** Room right of the longest bar for its figure: more for money ("$12,345.00") than for a count. */
  labelRoom?: number;
}) {
  const rowH = 34;
  const height = Math.max(1, rows.length) * rowH + 4;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const plotW = WIDTH - labelRoom;
  return (
    <Frame height={height}>
      {rows.map((r, i) => (
        <g key={r.label} transform={`translate(0 ${i * rowH})`}>
          <text x={0} y={12} className="fill-soot-950">
            {r.label}
          </text>
          <rect x={0} y={16} width={(r.count / max) * plotW} height={12} rx="2" className="fill-ember-500" />
          <text x={(r.count / max) * plotW + 4} y={27} className="fill-soot-800 font-semibold">
            {format(r.count)}
          </text>
        </g>
      ))}
    </Frame>
  );
}
