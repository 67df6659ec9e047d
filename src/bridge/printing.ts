/**
 * What crosses the bridge about printing (issue #28 part 2): the printers of this computer, the choices
 * Settings → Printing keeps (which printer for documents, which for labels, whether to print without asking),
 * and one print job of the sender's window. The main side (electron/core/print) prints with Electron's
 * `webContents.print`; the browser host has no printer of its own and says so (`supported: false`). Pure:
 * zod only, carried by the bridge contract (./contract.ts). Both ends validate: the renderer is untrusted.
 */
import { z } from 'zod';

/** What is printed: each kind goes to the printer Settings names for it. */
export const PRINT_KINDS = ['receipt-report', 'labels', 'purchase-order'] as const;
export const PrintKindSchema = z.enum(PRINT_KINDS);
export type PrintKind = z.infer<typeof PrintKindSchema>;

/** A printer's system name (what the OS calls it, e.g. `Brother_QL_820NWB`), as Electron's deviceName. */
export const PRINTER_NAME_MAX = 300;
const printerName = z.string().min(1).max(PRINTER_NAME_MAX);
const words = z.string().min(1).max(500);

export const PrinterSchema = z.strictObject({
  name: printerName,
  /** The name the print dialog shows (`Brother QL-820NWB`). */
  displayName: z.string().max(PRINTER_NAME_MAX),
  description: z.string().max(1000),
});
export type Printer = z.infer<typeof PrinterSchema>;

/** More than any office has; a list beyond it is cut, never refused. */
export const PRINTERS_MAX = 200;

export const PrintSettingsSchema = z.strictObject({
  /** A4 printouts (the receiving report, purchase orders); null: the computer's default printer. */
  documentPrinter: printerName.nullable().default(null),
  /** Label printouts; null: the computer's default printer. */
  labelPrinter: printerName.nullable().default(null),
  /**
   * Print without the print dialog (the dock's gloved clerk). Purchase orders always ask: the buyer may want
   * a PDF rather than paper.
   */
  silent: z.boolean().default(false),
});
export type PrintSettings = z.infer<typeof PrintSettingsSchema>;

export const PrintStatusSchema = z.strictObject({
  /** false in the browser host: the browser's own print dialog chooses the printer. */
  supported: z.boolean(),
  /** Why Dockhand does not choose the printer here, in words; only when `supported` is false. */
  unsupportedReason: words.optional(),
  settings: PrintSettingsSchema,
  printers: z.array(PrinterSchema).max(PRINTERS_MAX),
  /** Why the printers could not be listed, in words. */
  printersError: words.optional(),
});
export type PrintStatus = z.infer<typeof PrintStatusSchema>;

/** Paper Electron knows by name; anything else (a label roll) is given in millimetres. */
export const PAPER_NAMES = ['A4', 'A5', 'Letter', 'Legal'] as const;
export const PrintPaperSchema = z.union([
  z.enum(PAPER_NAMES),
  z.strictObject({
    widthMm: z.number().min(10).max(1200),
    heightMm: z.number().min(10).max(1200),
  }),
]);
export type PrintPaper = z.infer<typeof PrintPaperSchema>;

/** One printout of the sender's window as it shows now (its `.print-page`, src/app.css). */
export const PrintJobSchema = z.strictObject({
  kind: PrintKindSchema,
  paper: PrintPaperSchema,
  /** 'none': the printout lays out its own margins (labels); 'default': the printer's. */
  margins: z.enum(['default', 'none']),
});
export type PrintJob = z.infer<typeof PrintJobSchema>;

/** `print.run`'s answer; a failure is a bridge error in words. */
export const PrintAnswerSchema = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('printed'),
    /** The printer it was sent to; null: the computer's default, or the one picked in the dialog. */
    printer: printerName.nullable(),
    /** The print dialog was shown. */
    asked: z.boolean(),
  }),
  /** The clerk closed the print dialog: nothing to report. */
  z.strictObject({ outcome: z.literal('cancelled') }),
]);
export type PrintAnswer = z.infer<typeof PrintAnswerSchema>;
