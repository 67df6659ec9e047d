/**
 * A printout's paper as the main side's printer wants it (src/bridge/printing.ts PrintJob): a named paper
 * (A4) with the printer's margins, or a label size (src/lib/labels/sizes.ts) in millimetres with none, since
 * a label sheet lays out its own margins and a roll label is the whole page. Pure.
 */
import { PAPER_NAMES, type PrintJob, type PrintKind } from '../../bridge/printing';
import { LABEL_SIZES } from '../labels/sizes';

type PaperName = (typeof PAPER_NAMES)[number];
const isPaperName = (name: string): name is PaperName => (PAPER_NAMES as readonly string[]).includes(name);

/** `pageSize`: a paper name ("A4", the default) or a label size id ("roll-50x25"). */
export function printJobOf(kind: PrintKind, pageSize = 'A4'): PrintJob {
  if (isPaperName(pageSize)) return { kind, paper: pageSize, margins: 'default' };
  const label = LABEL_SIZES.find((size) => size.id === pageSize);
  if (!label) return { kind, paper: 'A4', margins: 'default' };
  const a4 = label.pageWidthMm === 210 && label.pageHeightMm === 297;
  return {
    kind,
    paper: a4 ? 'A4' : { widthMm: label.pageWidthMm, heightMm: label.pageHeightMm },
    margins: 'none',
  };
}
