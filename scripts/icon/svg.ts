/**
 * A rasteriser for the small SVG subset resources/icon.svg is drawn in: `rect` (with `rx`), `circle` and
 * `polygon`, each filled with one `#rrggbb` colour, painted in document order. Anything else is refused in words
 * rather than drawn wrong. Written here instead of adding an SVG renderer package: the icon needs three shapes, and
 * a native rendering dependency would be one more thing `npm ci` has to fetch for every build machine.
 */

type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx: number; rgb: Rgb }
  | { kind: 'circle'; cx: number; cy: number; r: number; rgb: Rgb }
  | { kind: 'polygon'; points: Array<[number, number]>; rgb: Rgb };
type Rgb = readonly [number, number, number];

export interface Drawing {
  readonly width: number;
  readonly height: number;
  readonly shapes: readonly Shape[];
}

const ELEMENT = /<([a-zA-Z]+)\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([a-zA-Z-]+)="([^"]*)"/g;

function attributes(source: string): Map<string, string> {
  return new Map([...source.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2]!]));
}

function number(attrs: Map<string, string>, name: string, element: string, fallback?: number): number {
  const raw = attrs.get(name);
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(raw);
  if (raw === undefined || !Number.isFinite(value))
    throw new Error(`icon.svg: <${element}> needs a numeric ${name}`);
  return value;
}

function colour(attrs: Map<string, string>, element: string): Rgb {
  const fill = attrs.get('fill') ?? '';
  const match = /^#([0-9a-fA-F]{6})$/.exec(fill);
  if (!match) throw new Error(`icon.svg: <${element}> fill must be #rrggbb, got "${fill}"`);
  const hex = Number.parseInt(match[1]!, 16);
  return [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
}

/** Reads the drawing; throws on an element or attribute form the rasteriser does not handle. */
export function parseIconSvg(source: string): Drawing {
  const text = source.replace(/<!--[\s\S]*?-->/g, '');
  let width = 0;
  let height = 0;
  const shapes: Shape[] = [];
  for (const [, element, rest] of text.matchAll(ELEMENT)) {
    const attrs = attributes(rest!);
    switch (element) {
      case 'svg': {
        const box = (attrs.get('viewBox') ?? '')
          .trim()
          .split(/[\s,]+/)
          .map(Number);
        if (box.length !== 4 || box[0] !== 0 || box[1] !== 0 || !(box[2]! > 0) || !(box[3]! > 0))
          throw new Error('icon.svg: the <svg> needs viewBox="0 0 W H"');
        [width, height] = [box[2]!, box[3]!];
        break;
      }
      case 'rect':
        shapes.push({
          kind: 'rect',
          x: number(attrs, 'x', element, 0),
          y: number(attrs, 'y', element, 0),
          width: number(attrs, 'width', element),
          height: number(attrs, 'height', element),
          rx: number(attrs, 'rx', element, 0),
          rgb: colour(attrs, element),
        });
        break;
      case 'circle':
        shapes.push({
          kind: 'circle',
          cx: number(attrs, 'cx', element),
          cy: number(attrs, 'cy', element),
          r: number(attrs, 'r', element),
          rgb: colour(attrs, element),
        });
        break;
      case 'polygon': {
        const values = (attrs.get('points') ?? '')
          .trim()
          .split(/[\s,]+/)
          .map(Number);
        if (values.length < 6 || values.length % 2 !== 0 || values.some((v) => !Number.isFinite(v)))
          throw new Error('icon.svg: <polygon> needs at least three x,y points');
        const points: Array<[number, number]> = [];
        for (let i = 0; i < values.length; i += 2) points.push([values[i]!, values[i + 1]!]);
        shapes.push({ kind: 'polygon', points, rgb: colour(attrs, element) });
        break;
      }
      default:
        throw new Error(`icon.svg: <${element}> is not drawn by scripts/icon/svg.ts`);
    }
  }
  if (width === 0) throw new Error('icon.svg: no <svg viewBox> found');
  if (shapes.length === 0) throw new Error('icon.svg: nothing to draw');
  return { width, height, shapes };
}

function inside(shape: Shape, x: number, y: number): boolean {
  switch (shape.kind) {
    case 'circle':
      return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
    case 'rect': {
      const { x: left, y: top, width, height } = shape;
      if (x < left || y < top || x > left + width || y > top + height) return false;
      const r = Math.min(shape.rx, width / 2, height / 2);
      // Only the four corner squares can be outside the rounding.
      const dx = Math.max(left + r - x, x - (left + width - r), 0);
      const dy = Math.max(top + r - y, y - (top + height - r), 0);
      return dx * dx + dy * dy <= r * r;
    }
    case 'polygon': {
      // Even-odd ray casting: enough for the simple (non-self-intersecting) outlines the icon uses.
      let odd = false;
      const points = shape.points;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
      }
      return odd;
    }
  }
}

/**
 * RGBA pixels (straight alpha, row-major) of the drawing scaled to size × size. Each pixel is sampled on an
 * n × n grid so edges are anti-aliased; small sizes get a finer grid because every edge pixel shows there.
 */
export function rasterise(drawing: Drawing, size: number): Uint8Array {
  const grid = size <= 64 ? 8 : 4;
  const scaleX = drawing.width / size;
  const scaleY = drawing.height / size;
  const pixels = new Uint8Array(size * size * 4);
  const premultiplied = [0, 0, 0, 0];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      premultiplied.fill(0);
      for (const shape of drawing.shapes) {
        let hits = 0;
        for (let sy = 0; sy < grid; sy++) {
          for (let sx = 0; sx < grid; sx++) {
            const x = (px + (sx + 0.5) / grid) * scaleX;
            const y = (py + (sy + 0.5) / grid) * scaleY;
            if (inside(shape, x, y)) hits++;
          }
        }
        const coverage = hits / (grid * grid);
        if (coverage === 0) continue;
        // Porter-Duff "over", per pixel, with the shape's coverage as its alpha.
        for (let c = 0; c < 3; c++)
          premultiplied[c] = shape.rgb[c]! * coverage + premultiplied[c]! * (1 - coverage);
        premultiplied[3] = coverage + premultiplied[3]! * (1 - coverage);
      }
      const offset = (py * size + px) * 4;
      const alpha = premultiplied[3]!;
      for (let c = 0; c < 3; c++)
        pixels[offset + c] = alpha === 0 ? 0 : Math.round(premultiplied[c]! / alpha);
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}
