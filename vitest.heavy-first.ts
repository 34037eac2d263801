import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the files known to run longest before the rest. CI runs on a fresh clone, so vitest has no
 * timings of its own and orders by file size, which started the 75 s demo shop and the crash soak late
 * and left one of the two workers idle at the end while they finished.
 */
export function heavyFirst(heavyFiles: readonly string[]): typeof BaseSequencer {
  return class HeavyFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification): number => {
        const index = heavyFiles.findIndex((file) => spec.moduleId.endsWith(file));
        return index === -1 ? heavyFiles.length : index;
      };
      return sorted
        .map((spec, order) => ({ spec, order }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
        .map(({ spec }) => spec);
    }
  };
}
