/**
 * What the receiving screen (./ReceiveOrder.svelte) knows and decides, apart from drawing it: the order and
 * its lines read live, the delivery's draft (./deliveryDraft.svelte.ts), and each scan decided
 * (src/db/receiving/scan.ts) and answered at once, seen and heard (./feedback.svelte.ts). Nothing that is
 * not a plain "add to this line" happens without the clerk's yes. Made while the screen initialises: it
 * reads live queries.
 */
import { deliveryTotals, type DeliveryTotals } from '../../db/receiving/figures';
import { loadReceivingOrder, type ReceivingOrder } from '../../db/receiving/order';
import { loadOtherPcs, NO_OTHER_PCS, type OtherPcsOfOrder } from '../../db/receiving/otherPcsStore';
import { decideScan, indexCodes, type CodeIndex, type ScanDecision } from '../../db/receiving/scan';
import {
  DEFAULT_RECEIVING_SETTINGS,
  readReceivingSettings,
  type ReceivingSettings,
} from '../../db/receiving/settings';
import type { CachedPurchaseOrder, DockhandDb, ReceiptDraft } from '../../db/schema';
import { live, type Live } from '../../lib/live.svelte';
import { counted, poNumber, statusText } from '../../lib/recordFormat';
import { DeliveryDraft } from './deliveryDraft.svelte';
import { ScanFeedback } from './feedback.svelte';
import { notOnOrder } from './notOnOrder';
import { receivingLinesBuilder, type ReceivingLine } from './receivingLines';

/** What the screen draws for the controller: the line a scan answered, and the scan field's focus. */
export interface ReceivingView {
  showLine(poItemId: number): void;
  focusScan(): void;
}

type Question = Extract<ScanDecision, { kind: 'confirm' }> & { code: string };

export class ReceiveOrderController {
  readonly poId: number;
  readonly settings: Live<ReceivingSettings>;
  readonly data: Live<ReceivingOrder | null>;
  /** What other PCs received into the order since this PC began receiving it (src/db/receiving/otherPcs.ts). */
  readonly otherPcs: Live<OtherPcsOfOrder>;
  readonly feedback: ScanFeedback;
  readonly draft: DeliveryDraft;
  readonly order: CachedPurchaseOrder | null;
  readonly closed: boolean;
  readonly lines: ReceivingLine[];
  readonly totals: DeliveryTotals;
  /** Each line's row in the list, by its po_item_id. */
  readonly indexOf: ReadonlyMap<number, number>;
  readonly #codes: CodeIndex;

  /** The over-receipt question open now, if any. */
  question = $state<Question | null>(null);
  /** Said inside the question when a scan arrives while it is open. */
  questionNote = $state('');
  /** The line open in the line editor. */
  editing = $state<ReceivingLine | null>(null);
  /** Complete receipt is open. */
  completing = $state(false);

  readonly #db: DockhandDb;
  readonly #view: ReceivingView;

  constructor(db: DockhandDb, poId: number, view: ReceivingView) {
    this.#db = db;
    this.poId = poId;
    this.#view = view;
    this.settings = live(() => readReceivingSettings(db), DEFAULT_RECEIVING_SETTINGS);
    this.data = live<ReceivingOrder | null>(() => loadReceivingOrder(db, poId), null);
    // A query of its own: a scan writes the draft only, which wakes neither this nor the order's lines.
    this.otherPcs = live(() => loadOtherPcs(db, poId), NO_OTHER_PCS);
    this.feedback = new ScanFeedback(() => !this.settings.current.sound);
    this.draft = new DeliveryDraft(db, poId, (message) => this.feedback.say('error', message));
    this.order = $derived(this.data.current?.order ?? null);
    this.closed = $derived(this.order?.status.name === 'Received' || this.order?.status.name === 'Cancelled');
    const items = $derived(this.data.current?.items ?? []);
    const buildLines = receivingLinesBuilder();
    this.lines = $derived(buildLines(items, this.draft.current));
    this.totals = $derived(deliveryTotals(this.lines.map((line) => line.figures)));
    // Built from the order's lines only, so a scan (which changes the draft) rebuilds neither.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- made whole from the lines, never mutated
    this.indexOf = $derived(new Map(items.map((item, index) => [item.po_item_id, index])));
    this.#codes = $derived(
      indexCodes(items.map((item) => ({ poItemId: item.po_item_id, product: item.product }))),
    );
  }

  #add(poItemId: number, quantity: number, code: string | null) {
    this.draft.add(poItemId, quantity, code);
    this.#view.showLine(poItemId);
  }

  async onCode(scan: { code: string; typed: string }): Promise<void> {
    const { order, feedback } = this;
    if (!order || !this.draft.loaded) return;
    if (this.closed) {
      feedback.say(
        'error',
        `${poNumber(order.id)} is ${statusText(order.status.name)}: nothing more can be received.`,
      );
      return;
    }
    if (this.editing) {
      feedback.say('error', 'Save or cancel the line you are editing first, then scan again.');
      return;
    }
    // Refused, not held: a held scan would land after an answer given about another carton, unseen, and
    // could raise a second question at once. The error tone makes the clerk look up; the words are in the
    // question itself, where the eyes go; scanning the carton again costs one trigger pull.
    if (this.question) {
      this.questionNote = 'That scan was not used: answer this question first, then scan it again.';
      feedback.say('error', this.questionNote);
      return;
    }
    const decision = decideScan({
      code: scan.code,
      typed: scan.typed,
      lines: this.lines,
      settings: this.settings.current,
      index: this.#codes,
    });
    switch (decision.kind) {
      case 'apply':
        this.#add(decision.poItemId, decision.quantity, scan.code.trim());
        feedback.say('ok', decision.message);
        return;
      case 'confirm':
        this.#view.showLine(decision.poItemId);
        this.question = { ...decision, code: scan.code.trim() };
        this.questionNote = '';
        feedback.say('ask', decision.question);
        return;
      case 'refuse':
        if (decision.poItemId !== undefined) this.#view.showLine(decision.poItemId);
        feedback.say('error', decision.message);
        return;
      case 'not-on-order':
        feedback.say(
          'error',
          await notOnOrder(this.#db, decision.code, this.poId, this.settings.current.outletId),
        );
    }
  }

  /** "Undo last scan" (Backspace on the empty scan field): a carton scanned twice comes off its line. */
  undo(): void {
    if (this.closed || this.editing || this.completing) return;
    const undone = this.draft.undoLastScan();
    if (!undone) {
      this.feedback.say('error', 'There is no scan to undo: the last change was not a scan, or was undone.');
      return;
    }
    this.#view.showLine(undone.poItemId);
    const name = this.lines.find((line) => line.poItemId === undone.poItemId)?.name ?? 'the line';
    this.feedback.say('ok', `−${counted(undone.quantity, 'unit')}: ${name}`, 'Undone');
  }

  confirmQuestion(): void {
    const { question } = this;
    if (!question) return;
    this.#add(question.poItemId, question.quantity, question.code);
    this.feedback.say('ok', `+${question.quantity.toLocaleString()}: added after your confirmation.`);
    this.question = null;
    this.#view.focusScan();
  }

  cancelQuestion(): void {
    this.question = null;
    this.feedback.say('error', 'Not added — you chose “Don’t add”; the line is unchanged.');
    this.#view.focusScan();
  }

  /** Enter on a line opens it in the line editor, unless the order is closed. */
  edit(line: ReceivingLine): void {
    if (!this.closed) this.editing = line;
  }

  /** The line editor closed: saved (`next`) or cancelled. */
  editDone(next?: ReceiptDraft): void {
    if (next) this.draft.replace(next);
    this.editing = null;
    this.#view.focusScan();
  }
}
