/**
 * What the renderer may know about app updates (electron/core/update): the channel, where the updater is, and
 * the last check with its result in words. Nothing here is needed to work: a failed check or download is
 * shown and never blocks anything. Pure: zod only, carried by the bridge contract (./contract.ts).
 */
import { z } from 'zod';

export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export const UpdateChannelSchema = z.enum(UPDATE_CHANNELS);
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>;

const version = z.string().min(1).max(100);
/** Plain text (never rendered as HTML); a feed's notes are cut to this length by the main side. */
export const RELEASE_NOTES_MAX = 20_000;
const releaseNotes = z.string().max(RELEASE_NOTES_MAX).nullable();
const words = z.string().min(1).max(500);

export const UpdateStateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('idle') }),
  z.strictObject({ kind: z.literal('checking') }),
  z.strictObject({ kind: z.literal('available'), version, releaseNotes }),
  z.strictObject({ kind: z.literal('downloading'), version, percent: z.number().min(0).max(100) }),
  z.strictObject({ kind: z.literal('ready'), version, releaseNotes }),
  z.strictObject({ kind: z.literal('error'), message: words }),
]);
export type UpdateState = z.infer<typeof UpdateStateSchema>;

export const UpdateCheckSchema = z.strictObject({
  /** ISO time the check finished. */
  at: z.iso.datetime(),
  ok: z.boolean(),
  /** The result in words: "Dockhand 1.4.0 is the latest version.", "Version 1.5.0 is available.", … */
  result: words,
});
export type UpdateCheck = z.infer<typeof UpdateCheckSchema>;

export const UpdateStatusSchema = z.strictObject({
  /** false in the browser host and in an unpackaged app: updates come with the installed desktop app. */
  supported: z.boolean(),
  /** Why updates are not available here, in words; only when `supported` is false. */
  unsupportedReason: words.optional(),
  currentVersion: version,
  channel: UpdateChannelSchema,
  state: UpdateStateSchema,
  lastCheck: UpdateCheckSchema.nullable(),
  /** "Restart to update" was chosen: the app restarts once the changes being sent have been sent. */
  installing: z.boolean(),
});
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

/** `update.install`'s answer: whether the restart is under way, and if not why, in words. */
export const UpdateInstallAnswerSchema = z.strictObject({
  started: z.boolean(),
  reason: words.optional(),
});
export type UpdateInstallAnswer = z.infer<typeof UpdateInstallAnswerSchema>;
