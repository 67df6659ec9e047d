/**
 * FNC1 as a wedge sends it: ASCII 29, the group separator, which ends a variable-length element of a GS1
 * label (./gs1.ts). A scan's code keeps it; the wedge detector turns Ctrl+] into it
 * (src/lib/scanner/wedge.ts). Its own module, so the detector does not load the label parser.
 */
export const GROUP_SEPARATOR = '\u001d';
