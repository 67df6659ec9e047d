/**
 * The fuse wire's layout, from @electron/fuses itself (the module electron-builder flips fuses with; installed
 * with electron-builder): the fuse indexes, the byte for each state and the sentinel the wire follows.
 */
export { FuseV1Options } from '@electron/fuses';
export { FuseState, SENTINEL } from '@electron/fuses/dist/constants';
