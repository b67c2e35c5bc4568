import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

/** WCAG 2.1 AA for body text (1.4.3). */
export const AA_TEXT = 4.5;

/** A colour (hex, rgb()) given as the background of text; gradients give their first stop. */
export function solidOf(css: string): Colord {
  const first = css.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/i)?.[0] ?? css;
  return colord(first);
}

export function contrast(foreground: string, background: string): number {
  return solidOf(foreground).contrast(solidOf(background));
}

/**
 * The colour itself when it reads on the background at `min`, else the nearest shade that does:
 * darker on a light background, lighter on a dark one. Accents picked by users (the colour picker)
 * then stay recognisable while text in them stays legible.
 */
export function readableOn(color: string, background: string, min = AA_TEXT): string {
  const bg = solidOf(background);
  const towards = bg.isLight() ? '#000000' : '#ffffff';
  const base = solidOf(color);
  for (let step = 0; step <= 20; step++) {
    const shade = base.mix(towards, step / 20);
    if (shade.contrast(bg) >= min) return shade.toHex();
  }
  return towards;
}
