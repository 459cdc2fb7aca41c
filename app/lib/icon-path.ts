// One <path> for a whole icon drawing: an icon of lucide's is 1-5 shapes (paths, circles, rounded rects), each an
// element the browser parses, styles and lays out. Drawn with the same stroke, their outlines joined into one path
// data string draw the same pixels from one element (docs/decisions/0026-icons-inline-one-path.md).

const ELEMENT = /<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/?>(?:<\/\1>)?/y;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/g;

const n = (value: number) => String(+value.toFixed(3));

/** Path data for each lucide shape, from its geometry attributes; undefined for anything else. */
function shapePath(tag: string, a: Record<string, string>): string | undefined {
  const num = (name: string, fallback?: number) => {
    const value = a[name] === undefined ? fallback : Number(a[name]);
    if (value === undefined || !Number.isFinite(value)) throw new Error(`${tag} ${name}`);
    return value;
  };
  switch (tag) {
    case "path": {
      const d = (a.d ?? "").trim();
      // A leading relative moveto is absolute only at the start of a path; from the origin it stays the same point.
      return d.startsWith("m") ? `M0 0${d}` : d;
    }
    case "circle":
    case "ellipse": {
      const [cx, cy] = [num("cx", 0), num("cy", 0)];
      const rx = tag === "circle" ? num("r") : num("rx");
      const ry = tag === "circle" ? rx : num("ry");
      return `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0z`;
    }
    case "rect": {
      const [x, y, w, h] = [num("x", 0), num("y", 0), num("width"), num("height")];
      // SVG: a missing rx or ry takes the other's value; each is at most half the side.
      const rx = Math.min(num("rx", a.ry === undefined ? 0 : num("ry")), w / 2);
      const ry = Math.min(num("ry", rx), h / 2);
      if (rx === 0 || ry === 0) return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
      const arc = (dx: number, dy: number) => `a${n(rx)} ${n(ry)} 0 0 1 ${n(dx)} ${n(dy)}`;
      return (
        `M${n(x + rx)} ${n(y)}h${n(w - 2 * rx)}${arc(rx, ry)}v${n(h - 2 * ry)}${arc(-rx, ry)}` +
        `h${n(-(w - 2 * rx))}${arc(-rx, -ry)}v${n(-(h - 2 * ry))}${arc(rx, -ry)}z`
      );
    }
    case "line":
      return `M${n(num("x1", 0))} ${n(num("y1", 0))}L${n(num("x2", 0))} ${n(num("y2", 0))}`;
    case "polyline":
    case "polygon": {
      const points = (a.points ?? "").trim().split(/[\s,]+/);
      if (points.length < 4 || points.length % 2) return undefined;
      return `M${points.slice(0, 2).join(" ")}L${points.slice(2).join(" ")}${tag === "polygon" ? "z" : ""}`;
    }
    default:
      return undefined;
  }
}

const GEOMETRY = new Set([
  "d",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "x",
  "y",
  "width",
  "height",
  "x1",
  "y1",
  "x2",
  "y2",
  "points",
]);

/**
 * The path data that draws `drawing` (the markup inside an icon's <svg>), or undefined when it holds anything but
 * plain shapes with geometry attributes (a fill, a transform, a group), which one path could not keep.
 */
export function drawingPath(drawing: string): string | undefined {
  const parts: string[] = [];
  ELEMENT.lastIndex = 0;
  while (ELEMENT.lastIndex < drawing.length) {
    const start = ELEMENT.lastIndex;
    const match = ELEMENT.exec(drawing);
    if (!match || match.index !== start) return undefined;
    const attributes: Record<string, string> = {};
    for (const [, name = "", value = ""] of (match[2] ?? "").matchAll(ATTRIBUTE)) {
      if (!GEOMETRY.has(name)) return undefined;
      attributes[name] = value;
    }
    try {
      const d = shapePath(match[1] ?? "", attributes);
      if (!d) return undefined;
      parts.push(d);
    } catch {
      return undefined;
    }
  }
  return parts.length > 0 ? parts.join("") : undefined;
}
