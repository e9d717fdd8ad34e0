// The heat map's colours: white to indigo by share, with black or white text, whichever reads better on the cell
// (the higher WCAG contrast: at least 4.5:1 on every shade).
const INDIGO = [54, 79, 199];

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (rgb: number[]) => 0.2126 * channel(rgb[0]!) + 0.7152 * channel(rgb[1]!) + 0.0722 * channel(rgb[2]!);

export function heatColour(share: number): { background: string; color: string } {
  const t = Math.min(Math.max(share, 0), 1);
  const rgb = INDIGO.map((c) => Math.round(255 + (c - 255) * t));
  const l = luminance(rgb);
  const onBlack = (l + 0.05) / 0.05;
  const onWhite = 1.05 / (l + 0.05);
  return { background: `rgb(${rgb.join(' ')})`, color: onBlack >= onWhite ? '#000' : '#fff' };
}
