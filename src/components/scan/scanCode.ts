/** What a ScanField (./ScanField.svelte) hands its screen for each code. */
export interface ScanCodeEvent {
  /** The code scanned, or typed and entered. */
  code: string;
  /**
   * What the field held when a scanner code arrived (e.g. "12", a quantity typed before scanning the
   * carton); '' for a typed code, and when the field was empty.
   */
  typed: string;
  source: 'scanner' | 'keyboard';
}
