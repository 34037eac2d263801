/**
 * Sizes of the soak tests. The suite's runs are small (CI time); `SOAK_OPERATIONS=5000` and the like make
 * a long run of the same tests, and `SOAK_SEED` repeats a run's random choices (each test prints its seed).
 */
export const SOAK = {
  operations: Number(process.env.SOAK_OPERATIONS ?? 300),
  /** The crash test restarts the server twice and resends everything: fewer operations of its own. */
  get crashOperations() {
    return Math.round(this.operations * 0.6);
  },
  seed: Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 1_000_000)),
  tills: 16,
  /** Per soak test: generous, for a machine shared with other work (the runs take 10 to 40 s). */
  timeoutMs: 180_000,
};
