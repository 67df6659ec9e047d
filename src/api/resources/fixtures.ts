/**
 * Realistic, valid sample records for every response schema, one factory per schema. Each returns a fresh object
 * (safe to mutate) and takes overrides, so tests and the simulator can write `sampleSupplier({ name: null })`.
 * The factories live in ./fixtures/ by area; import them from here.
 */
export * from './fixtures/purchasing';
export * from './fixtures/parties';
export * from './fixtures/returns';
export * from './fixtures/reference';
