// The little of Node's own modules that the unit tests use, declared here
// so that type-checking them needs no package beyond TypeScript.

declare module "node:test" {
  export function test(name: string, fn: () => void | Promise<void>): Promise<void>;
  /** Node's mock timers: setTimeout runs when the test ticks the clock. */
  export const mock: {
    timers: {
      enable(options: { apis: "setTimeout"[] }): void;
      tick(ms: number): void;
      reset(): void;
    };
  };
}

declare module "node:assert/strict" {
  const assert: {
    (value: unknown, message?: string): asserts value;
    equal<T>(actual: T, expected: T, message?: string): void;
    deepEqual<T>(actual: T, expected: T, message?: string): void;
    ok(value: unknown, message?: string): asserts value;
  };
  export default assert;
}
